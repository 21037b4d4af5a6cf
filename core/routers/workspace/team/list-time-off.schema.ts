import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDate, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { timeOffStatuses, ZTimeOff } from './time-off.schema.ts';

export const ZListTimeOffInput = z.object({
  team_member_id: ZId.optional().describe("Only this team member's time off (see list-team-members)."),
  date_from: ZDate.optional().describe(
    'First local day (YYYY-MM-DD, business time zone): time off still going on at or after its 00:00.',
  ),
  date_to: ZDate.optional().describe(
    "Last local day (YYYY-MM-DD, business time zone), included: time off starting before the next day's 00:00.",
  ),
  status: z.enum(timeOffStatuses).optional().describe('Only time off in this status.'),
  ...ZCursorPageInput,
});

export const ZListTimeOffOutput = ZCursorPage(ZTimeOff).extend({
  time_zone: z.string().describe("The business's IANA time zone: date_from/date_to and the *_local fields are in it."),
});
