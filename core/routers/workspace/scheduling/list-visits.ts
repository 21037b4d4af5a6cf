import { z } from 'zod';
import { businessTimeZone } from '../../../services/workspace/scheduling/business-time-zone.query.ts';
import {
  checkDateBounds,
  checkDateRange,
  localMidnight,
} from '../../../services/workspace/scheduling/local-day-range.ts';
import { assigneesOfVisits } from '../../../services/workspace/scheduling/team-member-names.query.ts';
import { visitSummaryOutput } from '../../../services/workspace/scheduling/visit-output.ts';
import { findVisitRows } from '../../../services/workspace/scheduling/visit-rows.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { ZInstantKey } from '../../../services/workspace/scheduling/instant-key.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListVisitsInput, ZListVisitsOutput } from './list-visits.schema.ts';

const ZVisitCursor = z.tuple([ZInstantKey, z.uuid()]);

export const listVisits = tenantProcedure
  .meta({
    tool: {
      name: 'list-visits',
      title: 'List visits',
      access: 'read',
      toolset: 'jobs',
      description:
        'Visits (appointments) of the business in start-time order, each with its job, customer, service address and assigned team members. ' +
        'Filter by local days (date_from/date_to in the business time zone, both included), by team_member_id and by status. ' +
        "Use get-visit for one visit's notes and arrival/completion times, get-schedule for a per-technician calendar with free time, find-available-slots to book.",
    },
  })
  .input(ZListVisitsInput)
  .output(ZListVisitsOutput)
  .query(async ({ ctx, input }) => {
    if (input.date_from !== undefined) checkDateBounds('date_from', input.date_from);
    if (input.date_to !== undefined) checkDateBounds('date_to', input.date_to);
    if (input.date_from !== undefined && input.date_to !== undefined) checkDateRange(input.date_from, input.date_to);
    const zone = await businessTimeZone(ctx.em, ctx.businessId);
    const after = decodeCursor(input.cursor, ZVisitCursor);
    const rows = await findVisitRows(ctx.em, ctx.businessId, {
      startFrom: input.date_from === undefined ? undefined : localMidnight(input.date_from, zone).toJSDate(),
      startBefore:
        input.date_to === undefined
          ? undefined
          : localMidnight(input.date_to, zone).plus({ days: 1 }).startOf('day').toJSDate(),
      teamMemberId: input.team_member_id,
      status: input.status,
      after,
      limit: input.limit + 1,
    });
    const assignees = await assigneesOfVisits(
      ctx.em,
      ctx.businessId,
      rows.slice(0, input.limit).map((row) => row.id),
    );
    const page = toCursorPage(
      rows,
      input.limit,
      (row) => [row.start_key, row.id],
      (row) => visitSummaryOutput(row, assignees.get(row.id) ?? [], zone),
    );
    return { ...page, time_zone: zone };
  });
