import { z } from 'zod';
import { ZDate, ZDateTime } from '../shared/cursor-page.schema.ts';

export const estimateStatuses = ['draft', 'sent', 'approved', 'declined', 'expired'] as const;

export const ZEstimateTotals = z.object({ subtotal_minor: z.number().int(), tax_minor: z.number().int(), total_minor: z.number().int() });

export const ZEstimate = z.object({
  id: z.uuid(),
  number: z.number().int(),
  title: z.string(),
  status: z.enum(estimateStatuses),
  customer: z.object({ id: z.uuid(), name: z.string() }),
  property_id: z.uuid().nullable(),
  job_id: z.uuid().nullable(),
  issued_on: ZDate.nullable(),
  valid_until: ZDate.nullable(),
  option_count: z.number().int(),
  headline_totals: ZEstimateTotals.nullable().describe('Totals of the approved option, else of the lowest-total option; null without options.'),
  headline_option: z.enum(['approved', 'lowest']).nullable().describe('Which option headline_totals are of.'),
  currency: z.string(),
  created_at: ZDateTime,
});
