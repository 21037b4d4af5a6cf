import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDate, ZDateTime, ZId } from '../shared/cursor-page.schema.ts';

export const ZListTimeOffInput = z.object({
  team_member_id: ZId.optional().describe('Only this team member\'s time off.'),
  date_from: ZDate.optional().describe('Time off that is not over before this local day (business time zone).'),
  date_to: ZDate.optional().describe('Time off that starts on or before this local day.'),
  status: z.enum(['requested', 'approved', 'denied']).optional(),
  ...ZCursorPageInput,
});

export const ZListTimeOffOutput = ZCursorPage(
  z.object({
    id: z.uuid(),
    team_member: z.object({ id: z.uuid(), name: z.string() }),
    starts_at: ZDateTime,
    ends_at: ZDateTime,
    reason: z.string().nullable(),
    status: z.enum(['requested', 'approved', 'denied']),
  }),
);
