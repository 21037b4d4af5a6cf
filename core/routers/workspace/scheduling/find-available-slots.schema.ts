import { z } from 'zod';
import { ZCursorPage, ZDate, ZDateTime, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZLocalClock, ZTeamMemberRef } from './visit.schema.ts';

export const ZFindAvailableSlotsInput = z.object({
  date_from: ZDate.describe('First local day (YYYY-MM-DD) to search, in the business time zone.'),
  date_to: ZDate.describe(
    'Last local day (YYYY-MM-DD) to search, included. The range may cover at most 14 days, both ends counted.',
  ),
  duration_minutes: z
    .number()
    .int()
    .min(15)
    .max(720)
    .multipleOf(5)
    .describe(
      'How long the work takes: 15 to 720 minutes, a multiple of 5. Each slot is exactly this long and fits inside working hours.',
    ),
  service_zone_id: ZId.optional().describe('Only team members who serve this service zone (see list-service-zones).'),
  team_member_id: ZId.optional().describe(
    'Only this team member (see list-team-members); an inactive one has no slots.',
  ),
  cursor: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .describe('Opaque cursor: the `next_cursor` of the previous page. Omit it for the first page.'),
  limit: z.number().int().min(1).max(100).default(25).describe('Slots per page, 1 to 100 (default 25).'),
});

const ZSlot = z.object({
  team_member: ZTeamMemberRef,
  start: ZDateTime.describe('Slot start (UTC).'),
  end: ZDateTime.describe('Slot end (UTC): start + duration_minutes.'),
  date: ZDate.describe('The local day the slot starts on.'),
  start_local: ZLocalClock,
  end_local: ZLocalClock.describe('Local end (HH:MM); on the next day only if the slot runs past midnight.'),
});

export const ZFindAvailableSlotsOutput = ZCursorPage(ZSlot).extend({
  time_zone: z.string().describe("The business's IANA time zone: dates and *_local fields are in it."),
  duration_minutes: z.number().int(),
});
