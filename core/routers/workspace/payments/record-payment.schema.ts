import { z } from 'zod';
import { ZDateTime, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { noNul } from '../../../services/sql/no-nul.ts';
import { paymentMethods, ZPayment } from './payment.schema.ts';

export const ZRecordPaymentInput = z.object({
  invoice_id: ZId.describe("An open invoice; the payment is the invoice's customer's, in its currency."),
  amount_minor: z
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .describe("In the invoice currency's minor unit; at most the invoice's balance."),
  method: z.enum(paymentMethods),
  received_at: ZDateTime.optional().describe(
    'When the money was received (ISO 8601 with an offset); default now. Not in the future.',
  ),
  reference: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .check(noNul())
    .optional()
    .describe('A check number or processor id, for reconciliation; up to 200 characters.'),
});

/** The stored payment, exactly as get-payment answers it and customer_payment.created carries it. */
export const ZRecordPaymentOutput = ZPayment;
