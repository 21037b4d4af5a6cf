import { router } from '../../trpc.ts';
import { sweepDeliveries } from './sweep-deliveries.ts';
import { sweepEvents } from './sweep-events.ts';

/**
 * The webhook delivery engine's upkeep, system only and mapped to no transport: the sweeper deletes
 * old deliveries and old published outbox events. Delivery itself is the dispatch service's (services/webhooks/dispatch/), driven by
 * the composition root.
 */
export const webhookDeliveriesRouter = router({
  sweepExpired: sweepDeliveries,
  sweepEvents,
});
