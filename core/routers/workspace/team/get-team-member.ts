import { AppError } from '../../../errors/index.ts';
import { findTeamMembers, toTeamMember } from '../../../services/workspace/team/team-member-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetTeamMemberInput, ZGetTeamMemberOutput } from './get-team-member.schema.ts';

/** "HH:MM" -> minutes after midnight ("24:00" is 1440). */
function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

export const getTeamMember = tenantProcedure
  .meta({
    tool: {
      name: 'get-team-member',
      title: 'Get team member',
      access: 'read',
      description: 'One team member with weekly working hours (local times in the business time zone), weekly working minutes, skills and service zones.',
    },
  })
  .input(ZGetTeamMemberInput)
  .output(ZGetTeamMemberOutput)
  .query(async ({ ctx, input }) => {
    const [row] = await findTeamMembers(ctx.em, ctx.businessId, { memberId: input.team_member_id, limit: 1 });
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No team member with id ${input.team_member_id} in this business.`);
    const hours = [...row.working_hours].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
    return {
      ...toTeamMember(row),
      working_hours: hours,
      weekly_working_minutes: hours.reduce((sum, window) => sum + Math.max(0, minutesOf(window.end) - minutesOf(window.start)), 0),
      time_zone: row.time_zone,
      service_zones: row.zones,
    };
  });
