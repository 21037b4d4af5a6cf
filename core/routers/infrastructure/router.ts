import { router } from '../../trpc.ts';
import { agentTasksRouter } from '../agent-tasks/router.ts';
import { demoRouter } from '../demo/router.ts';
import { idempotencyRouter } from '../idempotency/router.ts';
import { signingKeysRouter } from '../oauth/router.ts';
import { signInNoncesRouter } from '../payments/router.ts';
import { operationsRouter } from '../operations/router.ts';
import { paymentsUpkeepRouter } from '../payments/router.ts';
import { sampleEventsRouter } from '../sample-events/router.ts';
import { checkoutSessionsRouter } from '../ucp/router.ts';
import { webhookDeliveriesRouter } from '../webhook-delivery/router.ts';

/**
 * Upkeep and operations, for the system caller (the sweeper, the admin command, the seed scripts, the
 * metrics endpoint): grouped by the records they keep, with the same verb for the same job
 * (`sweepExpired` deletes what is past its retention).
 */
export const infrastructureRouter = router({
  idempotency: idempotencyRouter,
  agentTasks: agentTasksRouter,
  checkoutSessions: checkoutSessionsRouter,
  webhookDeliveries: webhookDeliveriesRouter,
  signInNonces: signInNoncesRouter,
  payments: paymentsUpkeepRouter,
  signingKeys: signingKeysRouter,
  operations: operationsRouter,
  demo: demoRouter,
  sampleEvents: sampleEventsRouter,
});
