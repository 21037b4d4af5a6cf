import { z } from 'zod';

export const ZPaymentState = z.enum(['reserved', 'settled', 'failed', 'settlement_pending']);

/** One payment as the receipts list answers it. */
export const ZPaymentReceived = z.object({
  id: z.uuid(),
  state: ZPaymentState,
  network: z.string(),
  payer: z.string(),
  pay_to: z.string(),
  asset: z.string(),
  amount: z.string().describe('Atomic units of the asset (1000000 = 1 USD of a 6-decimals token).'),
  nonce: z.string(),
  transaction: z.string().nullable().describe('The settlement transaction hash, in full.'),
  resource: z.string(),
  checkout_session_id: z.string().nullable(),
  failure: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  payment_identifier: z.string().nullable().describe("The x402 payment-identifier extension's id, if any."),
  settle_attempts: z.number().int().describe("The reconciler's settle attempts."),
  next_attempt_at: z
    .string()
    .nullable()
    .describe('When the reconciler asks again (settlement_pending; null: no automatic attempt is left).'),
  last_error: z.string().nullable().describe("The reconciler's last error."),
});
