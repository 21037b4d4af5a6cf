import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDate, ZDateTime, ZId } from '../shared/cursor-page.schema.ts';

export const ZListTimeEntriesInput = z.object({
  team_member_id: ZId.optional().describe('Only this team member\'s entries.'),
  date_from: ZDate.optional().describe('Entries started on or after this local day (business time zone).'),
  date_to: ZDate.optional().describe('Entries started on or before this local day.'),
  kind: z.enum(['work', 'travel', 'break']).optional(),
  ...ZCursorPageInput,
});

export const ZListTimeEntriesOutput = ZCursorPage(
  z.object({
    id: z.uuid(),
    team_member: z.object({ id: z.uuid(), name: z.string() }),
    kind: z.enum(['work', 'travel', 'break']),
    started_at: ZDateTime,
    ended_at: ZDateTime.nullable().describe('null while the clock is still running.'),
    duration_minutes: z.number().int().nullable().describe('Whole minutes; null while running.'),
    job_id: z.uuid().nullable(),
    visit_id: z.uuid().nullable(),
    notes: z.string().nullable(),
  }),
);
