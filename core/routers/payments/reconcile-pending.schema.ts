import { z } from 'zod';

export const ZReconcilePendingInput = z.object({
  limit: z.number().int().min(1).max(1000).default(50).describe('Most pending settlements asked about in this pass.'),
  include_not_due: z
    .boolean()
    .default(false)
    .describe('Ask about pending settlements whose next attempt is not due yet too (the admin command).'),
});

export const ZReconcilePendingOutput = z.object({
  claimed: z.number().int().describe('Pending settlements this pass claimed.'),
  changes: z.array(
    z.object({
      payment_id: z.uuid(),
      from: z.literal('settlement_pending'),
      to: z.enum(['settled', 'failed', 'settlement_pending']),
      transaction: z.string().nullable(),
      note: z.string(),
    }),
  ),
});
