import { z } from 'zod';
import { activityTypes } from '../../../services/workspace/customers/activity.query.ts';
import { ZCursorPage, ZCursorPageInput, ZDateTime, ZId } from '../../../domain/workspace/cursor-page.schema.ts';

export const ZGetCustomerActivityInput = z.object({
  customer_id: ZId.describe('The customer whose timeline to read.'),
  since: ZDateTime.optional().describe('Only entries at or after this instant; default 90 days before now.'),
  ...ZCursorPageInput,
});

const ZActivityEntry = z.object({
  type: z
    .enum(activityTypes)
    .describe(
      'job (created), visit (scheduled start), estimate, invoice (issued, else created), payment (received), note (a job note written).',
    ),
  id: z
    .uuid()
    .describe(
      'The id of the job, visit, estimate, invoice, payment or note: get-job, get-visit, get-estimate, get-invoice, get-payment take it.',
    ),
  occurred_at: ZDateTime.describe(
    'When it happened; an issue date counts as midnight of that day in the business time zone.',
  ),
  summary: z.string().describe('One line for a person, e.g. "Invoice #1042 (open), total 245.60 USD".'),
  number: z
    .number()
    .int()
    .nullable()
    .describe("The job, estimate or invoice number; for visits and notes, their job's number."),
  job_id: z.uuid().nullable().describe('The job it belongs to, when there is one.'),
  invoice_id: z.uuid().nullable().describe('For a payment: the invoice it was applied to; for an invoice: itself.'),
  status: z.string().nullable().describe('The status of the job, visit, estimate, invoice or payment; null for notes.'),
  amount_minor: z
    .number()
    .int()
    .nullable()
    .describe('Job or invoice total, or payment amount, in minor units of currency; null otherwise.'),
});

export const ZGetCustomerActivityOutput = ZCursorPage(ZActivityEntry).extend({
  currency: z.string().describe('ISO 4217 code of the business; amount_minor is in its minor unit.'),
});
