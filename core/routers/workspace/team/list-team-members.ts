import { z } from 'zod';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findTeamMembers, toTeamMember } from '../../../services/workspace/team/team-member-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListTeamMembersInput, ZListTeamMembersOutput } from './list-team-members.schema.ts';

const ZMemberCursor = z.tuple([z.string().max(200).regex(/^[^\u0000]*$/), z.uuid()]);

export const listTeamMembers = tenantProcedure
  .meta({
    tool: {
      name: 'list-team-members',
      title: 'List team members',
      access: 'read',
      description:
        'The team (technicians, dispatchers, managers, office staff) by name, with role, skills, contact details, active flag and the service zones each serves. ' +
        'Use ids with get-team-member, get-schedule, find-available-slots, list-visits and create-job (assigned_team_member_ids).',
    },
  })
  .input(ZListTeamMembersInput)
  .output(ZListTeamMembersOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZMemberCursor);
    const rows = await findTeamMembers(ctx.em, ctx.businessId, { active: input.active, after, limit: input.limit + 1 });
    return toCursorPage(rows, input.limit, (row) => [row.name, row.id], toTeamMember);
  });
