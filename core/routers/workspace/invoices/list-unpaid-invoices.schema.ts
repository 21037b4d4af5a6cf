import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZInvoice } from './invoice.schema.ts';

export const ZListUnpaidInvoicesInput = z.object({
  overdue_only: z.boolean().default(false).describe('Only invoices past their due date.'),
  ...ZCursorPageInput,
});

export const ZListUnpaidInvoicesOutput = ZCursorPage(
  ZInvoice.extend({
    days_overdue: z.number().int().describe('Days past due today (business time zone); 0 when not yet due.'),
  }),
);
