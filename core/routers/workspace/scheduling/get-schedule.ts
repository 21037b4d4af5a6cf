import { z } from 'zod';
import { AppError } from '../../../errors/index.ts';
import { noNul } from '../../../services/sql/no-nul.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { businessTimeZone } from '../../../services/workspace/scheduling/business-time-zone.query.ts';
import {
  memberTimeOffBetween,
  memberVisitsBetween,
} from '../../../services/workspace/scheduling/busy-periods.query.ts';
import { localDayRange } from '../../../services/workspace/scheduling/local-day-range.ts';
import { SCHEDULE_PAGE_VISITS, withinVisitBudget } from '../../../services/workspace/scheduling/schedule-page.ts';
import { memberDay, sumMinutes, touchingEachDay } from '../../../services/workspace/scheduling/member-day.ts';
import { findScheduleMembers } from '../../../services/workspace/scheduling/schedule-members.query.ts';
import { readWorkingHours } from '../../../services/workspace/scheduling/working-hours.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetScheduleInput, ZGetScheduleOutput } from './get-schedule.schema.ts';

const MAX_DAYS = 31;
// The name goes back to PostgreSQL as a bind value, which refuses NUL characters.
const ZMemberCursor = z.tuple([z.string().max(200).check(noNul()), z.uuid()]);

export const getSchedule = tenantProcedure
  .meta({
    tool: {
      name: 'get-schedule',
      title: 'Get schedule',
      access: 'read',
      toolset: 'jobs',
      description:
        'The calendar of the team for a range of local days (at most 31): per active team member (or just team_member_id) and per day, ' +
        'the working hours, the non-cancelled visits, the time off, and booked / available minutes inside working hours. ' +
        'Times are given in UTC and in the business time zone. Use it to see who is busy or free; use find-available-slots to get bookable start times ' +
        "for a job of a given duration, and get-visit for a visit's details. " +
        `A page ends before \`limit\` members once the next member's visits would take it past ${SCHEDULE_PAGE_VISITS} visits (a page always has one member): follow next_cursor.`,
    },
  })
  .input(ZGetScheduleInput)
  .output(ZGetScheduleOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZMemberCursor);
    // Independent reads run side by side: on separate pooled connections, their round trips overlap.
    const [zone, members] = await Promise.all([
      businessTimeZone(ctx.sql, ctx.businessId),
      findScheduleMembers(ctx.sql, ctx.businessId, {
        teamMemberId: input.team_member_id,
        activeOnly: true,
        after,
        limit: input.limit + 1,
      }),
    ]);
    const range = localDayRange(input.date_from, input.date_to, zone, MAX_DAYS);
    if (input.team_member_id !== undefined && members.length === 0 && after === undefined) {
      throw new AppError('RESOURCE_NOT_FOUND', `No team member with id ${input.team_member_id} in this business.`);
    }
    const page = await withinVisitBudget(ctx.sql, ctx.businessId, members.slice(0, input.limit), range);
    const ids = page.map((member) => member.id);
    const from = range.start.toJSDate();
    const to = range.end.toJSDate();
    const [visits, timeOff] = await Promise.all([
      memberVisitsBetween(ctx.sql, ctx.businessId, ids, from, to),
      memberTimeOffBetween(ctx.sql, ctx.businessId, ids, from, to, ['requested', 'approved']),
    ]);
    // One member more than the page, when there is one, gives the page its next cursor.
    const result = toCursorPage(
      members.slice(0, page.length + 1),
      page.length,
      (member) => [member.name, member.id],
      (member) => {
        const hours = readWorkingHours(member.working_hours);
        const ownVisits = visits.filter((visit) => visit.teamMemberId === member.id);
        const ownTimeOff = timeOff.filter((entry) => entry.teamMemberId === member.id);
        const visitsByDay = touchingEachDay(range.days, ownVisits);
        const timeOffByDay = touchingEachDay(range.days, ownTimeOff);
        const days = range.days.map((day, index) =>
          memberDay(day, hours, visitsByDay[index]!, timeOffByDay[index]!, zone),
        );
        return {
          team_member: {
            id: member.id,
            name: member.name,
            role: member.role as 'technician' | 'dispatcher' | 'manager' | 'office',
            active: member.active,
          },
          days,
          totals: sumMinutes(days),
        };
      },
    );
    return { ...result, time_zone: zone, date_from: input.date_from, date_to: input.date_to };
  });
