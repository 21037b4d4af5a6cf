import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDate, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZInvoice } from './invoice.schema.ts';

export const ZListInvoicesInput = z.object({
  status: z
    .enum(['draft', 'open', 'paid', 'void', 'overdue'])
    .optional()
    .describe('A status, or overdue: open with a balance, due before today.'),
  customer_id: ZId.optional(),
  due_before: ZDate.optional().describe('Only invoices due before this date.'),
  ...ZCursorPageInput,
});

export const ZListInvoicesOutput = ZCursorPage(ZInvoice);
