import { findCurrencyAndTimeZone } from '../../../services/workspace/business/business.query.ts';
import { operationsRows, workingMinutes } from '../../../services/workspace/reports/operations.query.ts';
import { checkReportRange } from '../../../services/workspace/reports/report-range.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetOperationsSummaryInput, ZGetOperationsSummaryOutput } from './get-operations-summary.schema.ts';

export const getOperationsSummary = tenantProcedure
  .meta({
    tool: {
      name: 'get-operations-summary',
      title: 'Get operations summary',
      access: 'read',
      toolset: 'business',
      description:
        'How the operation ran over a range of local days (at most 366): jobs created per status, visits completed and still scheduled, ' +
        "utilisation (booked visit person-minutes over the active team's working minutes) and the average ticket (mean invoice total).",
    },
  })
  .input(ZGetOperationsSummaryInput)
  .output(ZGetOperationsSummaryOutput)
  .query(async ({ ctx, input }) => {
    checkReportRange(input);
    const business = await findCurrencyAndTimeZone(ctx.em, ctx.businessId);
    const rows = await operationsRows(ctx.em, ctx.businessId, input);
    const jobsByStatus = Object.fromEntries(rows.jobs.map((row) => [row.status, Number(row.n)]));
    const booked = Number(rows.visits.booked_minutes);
    const working = workingMinutes(rows.members, input);
    return {
      time_zone: business.timeZone,
      currency: business.currency,
      jobs_by_status: jobsByStatus,
      jobs_created: Object.values(jobsByStatus).reduce((sum, n) => sum + n, 0),
      visits_completed: Number(rows.visits.completed),
      visits_scheduled: Number(rows.visits.scheduled),
      booked_minutes: booked,
      working_minutes: working,
      utilisation: working === 0 ? null : Math.round((booked / working) * 10_000) / 10_000,
      average_ticket_minor: rows.averageTicket === null ? null : Number(rows.averageTicket),
    };
  });
