import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDate, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZVisitStatus, ZVisitSummary } from './visit.schema.ts';

export const ZListVisitsInput = z.object({
  date_from: ZDate.optional().describe(
    'First local day (YYYY-MM-DD, business time zone): visits starting at or after its 00:00.',
  ),
  date_to: ZDate.optional().describe(
    "Last local day (YYYY-MM-DD, business time zone), included: visits starting before the next day's 00:00.",
  ),
  team_member_id: ZId.optional().describe('Only visits this team member is assigned to (see list-team-members).'),
  status: ZVisitStatus.optional().describe('Only visits in this status.'),
  ...ZCursorPageInput,
});

export const ZListVisitsOutput = ZCursorPage(ZVisitSummary).extend({
  time_zone: z.string().describe("The business's IANA time zone: date_from/date_to and the *_local fields are in it."),
});
