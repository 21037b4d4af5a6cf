import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findTeamMembers, toTeamMember } from '../../../services/workspace/team/team-member-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListTeamMembersInput, ZListTeamMembersOutput } from './list-team-members.schema.ts';

// Names are at most 200 characters, but a character may take two UTF-16 units; a NUL could not be bound.
const ZMemberCursor = z.tuple([z.string().max(400).check(noNul()), z.uuid()]);

export const listTeamMembers = tenantProcedure
  .meta({
    tool: {
      name: 'list-team-members',
      title: 'List team members',
      access: 'read',
      toolset: 'team',
      description:
        'The team of the business (technicians, dispatchers, managers, office staff) ordered by name, with role, skills, e-mail, phone, calendar colour, ' +
        'active flag and the ids of the service zones each serves. Filter with active. ' +
        'Use the ids with get-team-member (working hours), list-time-entries, list-time-off, get-schedule, list-visits and find-available-slots.',
    },
  })
  .input(ZListTeamMembersInput)
  .output(ZListTeamMembersOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZMemberCursor);
    const rows = await findTeamMembers(ctx.em, ctx.businessId, { active: input.active, after, limit: input.limit + 1 });
    return toCursorPage(rows, input.limit, (row) => [row.name, row.id], toTeamMember);
  });
