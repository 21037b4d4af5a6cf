import { z } from 'zod';
import { ZDate } from '../../../domain/workspace/cursor-page.schema.ts';

export const ZGetRevenueSummaryInput = z.object({
  date_from: ZDate.describe('First local day (business time zone), YYYY-MM-DD.'),
  date_to: ZDate.describe('Last local day, included; at most 366 days after date_from.'),
  group_by: z.enum(['day', 'week', 'month']).default('month').describe('Period length; weeks start on Monday.'),
});

const ZAmounts = z.object({
  invoiced_minor: z.number().int().describe('Totals of invoices issued in the period (not draft, not void).'),
  collected_minor: z.number().int().describe('Succeeded payments received in the period.'),
});

export const ZGetRevenueSummaryOutput = z.object({
  currency: z.string(),
  time_zone: z.string(),
  group_by: z.enum(['day', 'week', 'month']),
  periods: z.array(
    ZAmounts.extend({
      period_start: ZDate.describe('First day of the period inside the range.'),
      period_end: ZDate.describe('Last day of the period inside the range.'),
      outstanding_minor: z
        .number()
        .int()
        .describe(
          'Receivables at the end of the period: invoices issued by then minus payments on them received by then.',
        ),
    }),
  ),
  totals: ZAmounts.extend({ outstanding_minor: z.number().int().describe('Receivables at the end of the range.') }),
});
