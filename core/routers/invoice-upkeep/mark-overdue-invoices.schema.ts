import { z } from 'zod';

export const ZMarkOverdueInvoicesInput = z.object({
  limit: z.number().int().min(1).max(1000).default(200).describe('Most invoices checked by this call.'),
});

export const ZMarkOverdueInvoicesOutput = z.object({
  checked: z.number().int().describe('Invoices found past due and unmarked; equal to limit means more may be waiting.'),
  marked: z.number().int().describe('Invoices this call marked overdue, each with its one invoice.overdue event.'),
  failed: z.number().int().describe('Invoices that could not be marked (logged; the next call tries them again).'),
});
