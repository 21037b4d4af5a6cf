import { agentRequestProcedure } from '../../trpc.ts';
import { ZAdmitRequestInput, ZAdmitRequestOutput } from './admit-request.schema.ts';

/**
 * Counts one A2A JSON-RPC request against the client's budget (429 RATE_LIMITED with Retry-After
 * beyond it; the RateLimit headers go on the context's response either way). The A2A adapter calls
 * it first, before an Idempotency-Key is claimed or a skill runs: the budget is reserved before any
 * work, so requests over it cost one counter update and nothing else. Its skills' own budgets (the
 * directory and blog lists, the government group) still apply on top. Reached only through the invoker.
 */
export const admitRequest = agentRequestProcedure
  .input(ZAdmitRequestInput)
  .output(ZAdmitRequestOutput)
  .mutation(() => ({}));
