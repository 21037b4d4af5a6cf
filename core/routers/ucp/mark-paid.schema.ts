import { z } from 'zod';
import { noNul } from '../../services/sql/no-nul.ts';

const text = (description: string) => z.string().min(1).max(200).check(noNul()).describe(description);

export const ZMarkPaidInput = z.object({
  session_id: text('The checkout session id.'),
  payment_id: text('The payment that completes it (the receipt id): the same id again is a harmless retry.'),
  transaction: text('The settlement transaction (hash).').optional(),
  payer: text('The paying wallet.').optional(),
});

export const ZMarkPaidOutput = z.object({
  session_id: z.string(),
  status: z.literal('completed'),
  payment_id: z.string(),
  transaction: z.string().nullable(),
  payer: z.string().nullable(),
  completed_at: z.string(),
  recorded: z.boolean().describe('True when this call completed the session; false when this payment already had.'),
});
