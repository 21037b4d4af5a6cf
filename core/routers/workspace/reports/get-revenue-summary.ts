import { findCurrencyAndTimeZone } from '../../../services/workspace/business/business.query.ts';
import { checkReportRange } from '../../../services/workspace/reports/report-range.ts';
import { revenueByPeriod } from '../../../services/workspace/reports/revenue.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetRevenueSummaryInput, ZGetRevenueSummaryOutput } from './get-revenue-summary.schema.ts';

export const getRevenueSummary = tenantProcedure
  .meta({
    tool: {
      name: 'get-revenue-summary',
      title: 'Get revenue summary',
      access: 'read',
      toolset: 'business',
      description:
        'Money over a range of local days (at most 366), per day, week (Monday first) or month: invoiced (invoices issued, not draft or void), collected (payments received) ' +
        'and outstanding receivables at the end of each period, plus totals. Periods without activity appear with zeros.',
    },
  })
  .input(ZGetRevenueSummaryInput)
  .output(ZGetRevenueSummaryOutput)
  .query(async ({ ctx, input }) => {
    checkReportRange(input);
    const business = await findCurrencyAndTimeZone(ctx.em, ctx.businessId);
    const rows = await revenueByPeriod(ctx.em, ctx.businessId, input);
    const periods = rows.map((row) => ({
      period_start: row.period_start,
      period_end: row.period_end,
      invoiced_minor: Number(row.invoiced),
      collected_minor: Number(row.collected),
      outstanding_minor: Number(row.outstanding),
    }));
    return {
      currency: business.currency,
      time_zone: business.timeZone,
      group_by: input.group_by,
      periods,
      totals: {
        invoiced_minor: periods.reduce((sum, period) => sum + period.invoiced_minor, 0),
        collected_minor: periods.reduce((sum, period) => sum + period.collected_minor, 0),
        outstanding_minor: periods[periods.length - 1]?.outstanding_minor ?? 0,
      },
    };
  });
