import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDate, ZDateTime, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZCustomerRef, ZJobRef, ZLocalClock, ZLocalDateTime } from './visit.schema.ts';

export const ZGetScheduleInput = z.object({
  date_from: ZDate.describe('First local day (YYYY-MM-DD) in the business time zone.'),
  date_to: ZDate.describe(
    'Last local day (YYYY-MM-DD), included. The range may cover at most 31 days, both ends counted.',
  ),
  team_member_id: ZId.optional().describe(
    'Only this team member (even if inactive). Without it: every active team member, paginated by name.',
  ),
  ...ZCursorPageInput,
});

const ZMinutes = {
  working_minutes: z.number().int().min(0).describe('Minutes inside working hours.'),
  booked_minutes: z
    .number()
    .int()
    .min(0)
    .describe('Working minutes covered by non-cancelled visits (overlapping visits counted once).'),
  booked_outside_hours_minutes: z
    .number()
    .int()
    .min(0)
    .describe('Minutes of the day covered by visits outside working hours (overtime).'),
  time_off_minutes: z.number().int().min(0).describe('Working minutes covered by approved time off.'),
  available_minutes: z
    .number()
    .int()
    .min(0)
    .describe(
      'Working minutes covered by neither a visit nor approved time off; never negative. find-available-slots turns these into bookable slots.',
    ),
};

const ZScheduleDay = z.object({
  date: ZDate.describe('The local day.'),
  weekday: z.number().int().min(1).max(7).describe('ISO weekday: 1 = Monday ... 7 = Sunday.'),
  working_hours: z
    .array(
      z.object({
        start: ZDateTime,
        end: ZDateTime,
        start_local: ZLocalClock,
        end_local: ZLocalClock.describe('Local end (HH:MM); 24:00 means midnight at the end of the day.'),
      }),
    )
    .describe("The team member's working windows that weekday; empty on a day off."),
  visits: z
    .array(
      z.object({
        id: z.uuid(),
        status: z.enum(['scheduled', 'en_route', 'in_progress', 'completed']),
        start: ZDateTime,
        end: ZDateTime,
        start_local: ZLocalDateTime,
        end_local: ZLocalDateTime,
        job: ZJobRef,
        customer: ZCustomerRef,
      }),
    )
    .describe('Non-cancelled visits assigned to the team member that overlap the day, by start; see get-visit.'),
  time_off: z
    .array(
      z.object({
        id: z.uuid(),
        status: z.enum(['requested', 'approved']).describe('Only approved time off blocks the schedule.'),
        reason: z.string().nullable(),
        starts_at: ZDateTime,
        ends_at: ZDateTime,
        starts_local: ZLocalDateTime,
        ends_local: ZLocalDateTime,
      }),
    )
    .describe('Requested or approved time off overlapping the day (denied time off is left out).'),
  ...ZMinutes,
});

const ZMemberSchedule = z.object({
  team_member: z.object({
    id: z.uuid(),
    name: z.string(),
    role: z.enum(['technician', 'dispatcher', 'manager', 'office']),
    active: z.boolean(),
  }),
  days: z.array(ZScheduleDay).describe('One entry per local day of the range, in order.'),
  totals: z.object(ZMinutes).describe('The minutes summed over the range.'),
});

export const ZGetScheduleOutput = ZCursorPage(ZMemberSchedule).extend({
  time_zone: z.string().describe("The business's IANA time zone: days, working hours and *_local fields are in it."),
  date_from: ZDate,
  date_to: ZDate,
});
