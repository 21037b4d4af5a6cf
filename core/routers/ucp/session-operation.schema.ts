import { z } from 'zod';
import { noNul } from '../../services/sql/no-nul.ts';

/** The session a Get, Update, Complete or Cancel Checkout names (its path parameter). */
export const ZSessionId = z
  .string()
  .min(1)
  .max(200)
  .check(noNul())
  .describe('The session id (a uuid) from its creation.');

/**
 * Members of a checkout that a platform may send back with a request (UCP's full-resource update
 * echoes the response) and that a request cannot change: accepted and ignored.
 */
export const echoedResponseMembers = {
  ucp: z.unknown().optional(),
  status: z.unknown().optional(),
  currency: z.unknown().optional(),
  totals: z.unknown().optional(),
  links: z.unknown().optional(),
  messages: z.unknown().optional(),
  expires_at: z.unknown().optional(),
  continue_url: z.unknown().optional(),
  order: z.unknown().optional(),
  actions: z.unknown().optional(),
  policies: z.unknown().optional(),
};

/** UCP request members this merchant has no use for (its payment is the x402 handoff): accepted and ignored. */
export const ignoredRequestMembers = {
  signals: z.unknown().optional(),
  attribution: z.unknown().optional(),
  payment: z.unknown().optional(),
};
