import { z } from 'zod';
import { AppError } from '../../../errors/index.ts';
import { decodeCursor } from '../../../services/workspace/cursor.ts';
import { businessTimeZone } from '../../../services/workspace/scheduling/business-time-zone.query.ts';
import { localDayRange } from '../../../services/workspace/scheduling/local-day-range.ts';
import { findScheduleMembers } from '../../../services/workspace/scheduling/schedule-members.query.ts';
import { serviceZoneExists } from '../../../services/workspace/scheduling/service-zones.query.ts';
import { cursorSlot, slotPage } from '../../../services/workspace/scheduling/slot-page.ts';
import { slotsAfter } from '../../../services/workspace/scheduling/slot-search.ts';
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
    const zone = await businessTimeZone(ctx.sql, ctx.businessId);
    const range = localDayRange(input.date_from, input.date_to, zone, MAX_DAYS);
    const after = decodeCursor(input.cursor, ZSlotCursor);
    if (
      input.service_zone_id !== undefined &&
      !(await serviceZoneExists(ctx.em, ctx.businessId, input.service_zone_id))
    ) {
      throw new AppError('RESOURCE_NOT_FOUND', `No service zone with id ${input.service_zone_id} in this business.`);
    }
    if (input.team_member_id !== undefined) {
      const [requested] = await findScheduleMembers(ctx.sql, ctx.businessId, {
        teamMemberId: input.team_member_id,
        activeOnly: false,
      });
      if (!requested)
        throw new AppError('RESOURCE_NOT_FOUND', `No team member with id ${input.team_member_id} in this business.`);
    }
    // Asking for one member by id still offers nothing of an inactive one.
    const candidates = await findScheduleMembers(ctx.sql, ctx.businessId, {
      teamMemberId: input.team_member_id,
      activeOnly: true,
      serviceZoneId: input.service_zone_id,
    });
    const members = candidates.filter((member) => member.active);
    const slots = await slotsAfter(ctx.sql, ctx.businessId, members, range, {
      durationMinutes: input.duration_minutes,
      notBefore: earliestStart(ctx.clock.now()),
      after: after && cursorSlot(after),
      // One more than the page tells whether a next page follows.
      wanted: input.limit + 1,
    });

    return { ...slotPage(slots, input.limit, zone), time_zone: zone, duration_minutes: input.duration_minutes };
  });
