import { router } from '../../trpc.ts';
import { claimDeliveries } from './claim-deliveries.ts';
import { getDeliveryStatus } from './get-delivery-status.ts';
import { publishOutboxEvents } from './publish-outbox-events.ts';
import { recordDeliveryAttempts } from './record-delivery-attempts.ts';
import { sweepDeliveries } from './sweep-deliveries.ts';

/**
 * The webhook delivery engine's decisions, system only and mapped to no transport: the worker
 * (adapters/webhooks/worker.ts) publishes the outbox, claims due deliveries, sends them and records
 * each attempt through these; the sweeper deletes old deliveries.
 */
export const webhookDeliveryRouter = router({
  publishOutboxEvents,
  claimDeliveries,
  recordDeliveryAttempts,
  getDeliveryStatus,
  sweepDeliveries,
});
