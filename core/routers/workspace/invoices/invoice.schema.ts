import { z } from 'zod';
import { ZDate, ZDateTime } from '../../../domain/workspace/cursor-page.schema.ts';

const invoiceStatuses = ['draft', 'open', 'paid', 'void'] as const;

export const ZInvoice = z.object({
  id: z.uuid(),
  number: z.number().int(),
  status: z.enum(invoiceStatuses),
  is_overdue: z.boolean().describe('Open with a balance and a due date before today (business time zone).'),
  customer: z.object({ id: z.uuid(), name: z.string() }),
  job_id: z.uuid().nullable(),
  issued_on: ZDate.nullable(),
  due_on: ZDate.nullable(),
  subtotal_minor: z.number().int(),
  tax_minor: z.number().int(),
  total_minor: z.number().int(),
  amount_paid_minor: z.number().int().describe('Sum of the succeeded payments on it.'),
  balance_minor: z.number().int().describe('total_minor - amount_paid_minor; 0 for void invoices.'),
  currency: z.string(),
  created_at: ZDateTime,
});
