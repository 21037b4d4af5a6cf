import { z } from 'zod';
import { ZDate, ZDateTime } from '../../../domain/workspace/cursor-page.schema.ts';

const estimateStatuses = ['draft', 'sent', 'approved', 'declined', 'expired'] as const;

export const ZEstimateStatus = z
  .enum(estimateStatuses)
  .describe(
    'draft (not sent yet), sent (awaiting the customer), approved (an option was accepted), declined or expired.',
  );

export const ZOptionTotals = {
  subtotal_minor: z.number().int().describe('Sum of the line amounts, minor units.'),
  tax_minor: z.number().int().describe('Tax on the taxable lines, minor units.'),
  total_minor: z.number().int().describe('subtotal_minor + tax_minor, minor units.'),
};

const ZHeadlineOption = z
  .object({
    basis: z
      .enum(['approved', 'lowest_total'])
      .describe(
        'approved: the option the customer approved; lowest_total: no option is approved, so the cheapest one.',
      ),
    option_id: z.uuid(),
    name: z.string().describe('The option\'s name, e.g. "Repair" or "Replace".'),
    ...ZOptionTotals,
  })
  .nullable()
  .describe(
    'The option whose totals represent the estimate: the approved option, else the one with the lowest total_minor; null when the estimate has no options.',
  );

export const ZEstimateSummary = z.object({
  id: z.uuid(),
  number: z.number().int().describe('The estimate number people use ("Estimate #1042"), per business.'),
  title: z.string(),
  status: ZEstimateStatus,
  customer: z.object({ id: z.uuid(), name: z.string() }).describe('Who the estimate is for (see get-customer).'),
  property_id: z.uuid().nullable().describe('The service address it is for (see get-property), if any.'),
  job_id: z.uuid().nullable().describe('The job it is for or became (see get-job), if any.'),
  issued_on: ZDate.nullable().describe('Date sent to the customer; null for drafts.'),
  valid_until: ZDate.nullable().describe('Last day the prices hold, if set.'),
  option_count: z
    .number()
    .int()
    .min(0)
    .describe('How many alternative options (e.g. good / better / best) it offers; see get-estimate.'),
  approved_option_id: z.uuid().nullable().describe('The option the customer approved; null when none is.'),
  headline_option: ZHeadlineOption,
  currency: z.string().describe('ISO 4217 currency of every *_minor amount.'),
  created_at: ZDateTime,
});
