import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDateTime, ZId } from '../shared/cursor-page.schema.ts';

export const activityTypes = ['job', 'visit', 'estimate', 'invoice', 'payment', 'note'] as const;

export const ZGetCustomerActivityInput = z.object({
  customer_id: ZId,
  since: ZDateTime.optional().describe('Only activity at or after this instant; default 90 days ago.'),
  ...ZCursorPageInput,
});

export const ZGetCustomerActivityOutput = ZCursorPage(
  z.object({
    type: z.enum(activityTypes),
    id: z.uuid().describe('The id of the job, visit, estimate, invoice, payment or note.'),
    occurred_at: ZDateTime.describe('When it happened: created, scheduled to start, issued or received.'),
    summary: z.string().describe('One line for a person, e.g. "Invoice #1042 issued, total 245.60 USD".'),
    job_id: z.uuid().nullable().describe('The job it belongs to, when there is one.'),
    status: z.string().nullable(),
    amount_minor: z.number().int().nullable(),
  }),
).extend({ currency: z.string() });
