import { AppError } from '../../../errors/index.ts';
import { businessTimeZone } from '../../../services/workspace/scheduling/business-time-zone.query.ts';
import { findTeamMembers, toTeamMember } from '../../../services/workspace/team/team-member-rows.query.ts';
import { workingWeek } from '../../../services/workspace/team/working-week.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetTeamMemberInput, ZGetTeamMemberOutput } from './get-team-member.schema.ts';

export const getTeamMember = tenantProcedure
  .meta({
    tool: {
      name: 'get-team-member',
      title: 'Get team member',
      access: 'read',
      toolset: 'team',
      description:
        'One team member: role, skills, contact details, active flag, weekly working hours (per ISO weekday, local start and end in the business time zone), ' +
        'the total weekly working minutes and the service zones served. Use after list-team-members; for booked time use get-schedule, for absences list-time-off.',
    },
  })
  .input(ZGetTeamMemberInput)
  .output(ZGetTeamMemberOutput)
  .query(async ({ ctx, input }) => {
    const [row] = await findTeamMembers(ctx.em, ctx.businessId, { memberId: input.team_member_id, limit: 1 });
    if (!row)
      throw new AppError('RESOURCE_NOT_FOUND', `No team member with id ${input.team_member_id} in this business.`);
    const week = workingWeek(row.working_hours);
    return {
      ...toTeamMember(row),
      working_hours: week.windows,
      weekly_working_minutes: week.weeklyMinutes,
      time_zone: await businessTimeZone(ctx.em, ctx.businessId),
      service_zones: row.zones,
    };
  });
