import { z } from 'zod';
import { ZId } from '../shared/cursor-page.schema.ts';
import { ZTeamMember } from './team-member.schema.ts';

export const ZGetTeamMemberInput = z.object({ team_member_id: ZId });

export const ZGetTeamMemberOutput = ZTeamMember.extend({
  working_hours: z
    .array(z.object({ weekday: z.number().int().min(1).max(7).describe('ISO weekday, 1 = Monday.'), start: z.string(), end: z.string() }))
    .describe('Weekly working hours, local times HH:MM in the business time zone.'),
  weekly_working_minutes: z.number().int(),
  time_zone: z.string(),
  service_zones: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
