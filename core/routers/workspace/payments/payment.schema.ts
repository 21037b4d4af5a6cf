import { z } from 'zod';
import { ZDateTime } from '../../../domain/workspace/cursor-page.schema.ts';

export const paymentMethods = ['card', 'cash', 'check', 'ach', 'other'] as const;

export const ZPayment = z.object({
  id: z.uuid(),
  amount_minor: z.number().int(),
  currency: z.string(),
  method: z.enum(paymentMethods),
  status: z.enum(['succeeded', 'refunded']),
  received_at: ZDateTime,
  reference: z.string().nullable(),
  customer: z.object({ id: z.uuid(), name: z.string() }),
  invoice: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
});
