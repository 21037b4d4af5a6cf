import { router } from '../../trpc.ts';
import { sweepExpired } from './sweep-expired.ts';

/**
 * Idempotency-Key records. No transport maps it: a key's lifecycle is core's
 * (core/services/idempotency/run-idempotently.ts, run by REST's idempotency middleware and the A2A
 * service); sweepExpired is the periodic sweeper's, system only.
 */
export const idempotencyRouter = router({
  sweepExpired,
});
