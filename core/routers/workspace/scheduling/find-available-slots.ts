import { z } from 'zod';
import { AppError } from '../../../errors/index.ts';
import { decodeCursor } from '../../../services/workspace/cursor.ts';
import { availableSlots } from '../../../services/workspace/scheduling/available-slots.ts';
import { businessTimeZone } from '../../../services/workspace/scheduling/business-time-zone.query.ts';
import { memberBusyBetween, memberTimeOffBetween } from '../../../services/workspace/scheduling/busy-periods.query.ts';
import { localDayRange } from '../../../services/workspace/scheduling/local-day-range.ts';
import { findScheduleMembers } from '../../../services/workspace/scheduling/schedule-members.query.ts';
import { serviceZoneExists } from '../../../services/workspace/scheduling/service-zones.query.ts';
import { slotPage } from '../../../services/workspace/scheduling/slot-page.ts';
import { earliestStart } from '../../../services/workspace/scheduling/slot-starts.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZFindAvailableSlotsInput, ZFindAvailableSlotsOutput } from './find-available-slots.schema.ts';

const MAX_DAYS = 14;
const ZSlotCursor = z.tuple([z.iso.datetime({ offset: true }), z.string().max(200), z.uuid()]);

export const findAvailableSlots = tenantProcedure
  .meta({
    tool: {
      name: 'find-available-slots',
      title: 'Find available slots',
      access: 'read',
      toolset: 'jobs',
      description:
        'Bookable start times for work of duration_minutes over a range of local days (at most 14): for each active team member, the time inside their working hours ' +
        '(business time zone) not taken by a non-cancelled visit or approved time off and not in the past. Each free stretch offers a slot at its start and then ' +
        'at every :00 and :30 local that still fits. Narrow to a service_zone_id (members serving that zone) or one team_member_id. Ordered by start, then team member name. ' +
        'Use get-schedule to see the whole calendar, list-service-zones for zone ids.',
    },
  })
  .input(ZFindAvailableSlotsInput)
  .output(ZFindAvailableSlotsOutput)
  .query(async ({ ctx, input }) => {
    const zone = await businessTimeZone(ctx.em, ctx.businessId);
    const range = localDayRange(input.date_from, input.date_to, zone, MAX_DAYS);
    const after = decodeCursor(input.cursor, ZSlotCursor);
    if (
      input.service_zone_id !== undefined &&
      !(await serviceZoneExists(ctx.em, ctx.businessId, input.service_zone_id))
    ) {
      throw new AppError('RESOURCE_NOT_FOUND', `No service zone with id ${input.service_zone_id} in this business.`);
    }
    if (input.team_member_id !== undefined) {
      const [requested] = await findScheduleMembers(ctx.em, ctx.businessId, {
        teamMemberId: input.team_member_id,
        activeOnly: false,
      });
      if (!requested)
        throw new AppError('RESOURCE_NOT_FOUND', `No team member with id ${input.team_member_id} in this business.`);
    }
    // Asking for one member by id still offers nothing of an inactive one.
    const candidates = await findScheduleMembers(ctx.em, ctx.businessId, {
      teamMemberId: input.team_member_id,
      activeOnly: true,
      serviceZoneId: input.service_zone_id,
    });
    const members = candidates.filter((member) => member.active);
    const ids = members.map((member) => member.id);
    const from = range.start.toJSDate();
    const to = range.end.toJSDate();
    const [visits, timeOff] = await Promise.all([
      memberBusyBetween(ctx.sql, ctx.businessId, ids, from, to),
      memberTimeOffBetween(ctx.sql, ctx.businessId, ids, from, to, ['approved']),
    ]);
    const slots = availableSlots(
      members,
      range,
      { visits, timeOff },
      input.duration_minutes,
      earliestStart(ctx.clock.now()),
    );

    return { ...slotPage(slots, after, input.limit, zone), time_zone: zone, duration_minutes: input.duration_minutes };
  });
