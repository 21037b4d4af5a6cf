import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDate, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { timeEntryKinds, ZTimeEntry } from './time-entry.schema.ts';

export const ZListTimeEntriesInput = z.object({
  team_member_id: ZId.optional().describe("Only this team member's entries (see list-team-members)."),
  date_from: ZDate.optional().describe(
    'First local day (YYYY-MM-DD, business time zone): entries started at or after its 00:00.',
  ),
  date_to: ZDate.optional().describe(
    "Last local day (YYYY-MM-DD, business time zone), included: entries started before the next day's 00:00.",
  ),
  kind: z.enum(timeEntryKinds).optional().describe('Only entries of this kind.'),
  ...ZCursorPageInput,
});

export const ZListTimeEntriesOutput = ZCursorPage(ZTimeEntry).extend({
  time_zone: z.string().describe("The business's IANA time zone: date_from/date_to and the *_local fields are in it."),
});
