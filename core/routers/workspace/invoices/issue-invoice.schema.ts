import { z } from 'zod';
import { ZDate, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZGetInvoiceOutput } from './get-invoice.schema.ts';

export const ZIssueInvoiceInput = z.object({
  invoice_id: ZId.describe('A draft invoice.'),
  due_on: ZDate.optional().describe(
    "The due date (YYYY-MM-DD), on or after today in the business time zone; default the draft's due date. Without one the invoice is never overdue.",
  ),
});

/** The stored invoice, exactly as get-invoice answers it and invoice.issued carries it. */
export const ZIssueInvoiceOutput = ZGetInvoiceOutput;
