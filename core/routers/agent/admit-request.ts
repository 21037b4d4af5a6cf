import { agentRequestProcedure } from '../../trpc.ts';
import { ZAdmitRequestInput, ZAdmitRequestOutput } from './admit-request.schema.ts';

/**
 * Counts one paid-reference request against the client's agent budget (429 RATE_LIMITED with
 * Retry-After beyond it; the RateLimit headers go on the context's response either way), before its
 * payment is read: requests over it cost one counter update and nothing else. The x402 adapter calls
 * it (the A2A methods are built on the same base procedure instead). Reached only through the invoker.
 */
export const admitRequest = agentRequestProcedure
  .input(ZAdmitRequestInput)
  .output(ZAdmitRequestOutput)
  .mutation(() => ({}));
