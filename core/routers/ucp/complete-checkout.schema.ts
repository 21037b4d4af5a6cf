import { z } from 'zod';
import { echoedResponseMembers, ignoredRequestMembers, ZSessionId } from './session-operation.schema.ts';

/**
 * UCP Complete Checkout. The body UCP defines (`payment`, `signals`, `attribution`) is accepted and
 * ignored: this merchant's payment instrument is an x402 payment at the session's handoff URL, which
 * no member of the request can carry. Other members are refused (400 naming them).
 */
export const ZCompleteCheckoutInput = z.object({
  id: ZSessionId,
  ...ignoredRequestMembers,
  ...echoedResponseMembers,
});
