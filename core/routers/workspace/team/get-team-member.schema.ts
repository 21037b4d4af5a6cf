import { z } from 'zod';
import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZTeamMember } from './team-member.schema.ts';

export const ZGetTeamMemberInput = z.object({
  team_member_id: ZId.describe('The team member (see list-team-members).'),
});

const ZClock = z.string().regex(/^\d{2}:\d{2}$/);

const ZWorkingWindow = z.object({
  weekday: z.number().int().min(1).max(7).describe('ISO weekday: 1 = Monday ... 7 = Sunday.'),
  day: z
    .enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])
    .describe('The weekday by name.'),
  start: ZClock.describe('Start, HH:MM local time in the business time zone.'),
  end: ZClock.describe('End, HH:MM local time in the business time zone ("24:00" is midnight at the end of the day).'),
});

export const ZGetTeamMemberOutput = ZTeamMember.extend({
  working_hours: z
    .array(ZWorkingWindow)
    .describe(
      'Weekly working windows ordered by weekday then start; a day can have several windows, and a day without any is a day off.',
    ),
  weekly_working_minutes: z
    .number()
    .int()
    .min(0)
    .describe('Minutes of working time in a week (overlapping windows of a day counted once).'),
  time_zone: z.string().describe("The business's IANA time zone the working hours are in."),
  service_zones: z
    .array(z.object({ id: z.uuid(), name: z.string() }))
    .describe('Zones the member serves, by name (see list-service-zones).'),
});
