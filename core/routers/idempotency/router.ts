import { router } from '../../trpc.ts';
import { claimKey } from './claim-key.ts';
import { completeKey } from './complete-key.ts';
import { releaseKey } from './release-key.ts';
import { sweepExpired } from './sweep-expired.ts';

/**
 * Idempotency-Key records. No transport maps these (no openapi, tool or skill meta): the HTTP
 * helper (adapters/http/idempotency.ts) calls the first three through the invoker for the A2A
 * endpoint (REST routes run core/services/idempotency/run-idempotently.ts as middleware instead);
 * sweepExpired is the periodic sweeper's, system only.
 */
export const idempotencyRouter = router({
  claimKey,
  completeKey,
  releaseKey,
  sweepExpired,
});
