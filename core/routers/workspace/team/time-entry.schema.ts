import { z } from 'zod';
import { ZDateTime } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZTeamMemberRef } from './team-member.schema.ts';

export const timeEntryKinds = ['work', 'travel', 'break'] as const;

const ZLocalDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

export const ZTimeEntry = z.object({
  id: z.uuid(),
  team_member: ZTeamMemberRef.describe('Whose time it is.'),
  kind: z.enum(timeEntryKinds).describe('work (on a job), travel (driving between jobs) or break.'),
  started_at: ZDateTime.describe('Clock-in instant (UTC).'),
  ended_at: ZDateTime.nullable().describe('Clock-out instant (UTC); null while the entry is still running.'),
  started_at_local: ZLocalDateTime.describe(
    'started_at as wall-clock time in the business time zone (YYYY-MM-DDTHH:MM); its date is the day date_from/date_to filter on.',
  ),
  ended_at_local: ZLocalDateTime.nullable().describe(
    'ended_at as wall-clock time in the business time zone; null while running.',
  ),
  running: z.boolean().describe('true while the clock is still running (no ended_at yet).'),
  duration_minutes: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe('Whole minutes from started_at to ended_at, rounded down; null while running.'),
  job_id: z.uuid().nullable().describe('The job the time was for (see get-job), if any.'),
  visit_id: z.uuid().nullable().describe('The visit the time was for (see get-visit), if any.'),
  notes: z.string().nullable(),
});
