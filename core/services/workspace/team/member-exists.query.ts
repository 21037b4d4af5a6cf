import type { EntityManager } from '@mikro-orm/postgresql';
import { TeamMember } from '../../../../orm/entities/field-service/team-member.ts';
import { AppError } from '../../../errors/index.ts';

/** A team_member_id filter must name a member of this business: an empty list would hide the mistake. */
export async function requireTeamMember(
  em: EntityManager,
  businessId: string,
  teamMemberId: string | undefined,
): Promise<void> {
  if (teamMemberId === undefined) return;
  if (!(await em.count(TeamMember, { businessId, id: teamMemberId }))) {
    throw new AppError('RESOURCE_NOT_FOUND', `No team member with id ${teamMemberId} in this business.`);
  }
}
