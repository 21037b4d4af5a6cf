import { z } from 'zod';
import { ZDateTime } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZTeamMemberRef } from './team-member.schema.ts';

export const timeOffStatuses = ['requested', 'approved', 'denied'] as const;

const ZLocalDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

export const ZTimeOff = z.object({
  id: z.uuid(),
  team_member: ZTeamMemberRef.describe('Who is away.'),
  status: z.enum(timeOffStatuses).describe('requested (awaiting a decision), approved (the member is away) or denied.'),
  starts_at: ZDateTime.describe('Start of the absence (UTC).'),
  ends_at: ZDateTime.describe('End of the absence (UTC), exclusive.'),
  starts_at_local: ZLocalDateTime.describe(
    'starts_at as wall-clock time in the business time zone (YYYY-MM-DDTHH:MM).',
  ),
  ends_at_local: ZLocalDateTime.describe('ends_at as wall-clock time in the business time zone (YYYY-MM-DDTHH:MM).'),
  reason: z.string().nullable().describe('Why, e.g. "Vacation"; null when not given.'),
});
