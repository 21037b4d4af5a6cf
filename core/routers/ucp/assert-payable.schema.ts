import { z } from 'zod';
import { noNul } from '../../services/sql/no-nul.ts';

export const ZAssertPayableInput = z.object({
  session_id: z
    .string()
    .min(1)
    .max(200)
    .check(noNul())
    .describe("The checkout session id (the handoff URL's `checkout_session`)."),
});

export const ZAssertPayableOutput = z.object({
  session_id: z.string(),
  amount_minor: z.literal(100).describe('What the session costs, in minor units of `currency`.'),
  currency: z.literal('USD'),
  expires_at: z.string().describe('RFC 3339: the payment must be recorded (markPaid) before this.'),
});
