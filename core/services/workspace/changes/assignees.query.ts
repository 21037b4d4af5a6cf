import type { EntityManager } from '@mikro-orm/postgresql';
import { TeamMember } from '../../../../orm/entities/field-service/team-member.ts';
import { AppError } from '../../../errors/index.ts';
import { notFound } from '../jobs/job-references.query.ts';

/**
 * Team members to assign must be distinct active members of the business: the first that is not
 * fails with the index of the field that named it (another business's member is not found, like an
 * unknown id).
 */
export async function checkAssignees(
  em: EntityManager,
  businessId: string,
  assigneeIds: readonly string[],
  field: string,
): Promise<void> {
  const repeated = assigneeIds.findIndex((id, index) => assigneeIds.indexOf(id) !== index);
  if (repeated >= 0) {
    const message = 'this team member is already listed';
    throw new AppError('VALIDATION_FAILED', `Invalid parameter "${field}.${repeated}": ${message}.`, {
      details: [{ parameter: `${field}.${repeated}`, code: 'duplicate', message, path: [field, repeated] }],
    });
  }
  if (assigneeIds.length === 0) return;
  const found = await em.find(
    TeamMember,
    { businessId, id: { $in: [...assigneeIds] }, active: true },
    { fields: ['id'] },
  );
  const missing = assigneeIds.findIndex((id) => !found.some((member) => member.id === id));
  if (missing >= 0) throw notFound(`${field}.${missing}`, 'active team member', assigneeIds[missing]!);
}
