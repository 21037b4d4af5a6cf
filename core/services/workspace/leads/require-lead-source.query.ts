import type { EntityManager } from '@mikro-orm/postgresql';
import { LeadSource } from '../../../../orm/entities/field-service/lead-source.ts';
import { AppError } from '../../../errors/index.ts';

/** A source filter must name a lead source of this business; one of another business answers like an unknown one. */
export async function requireLeadSource(
  em: EntityManager,
  businessId: string,
  leadSourceId: string | undefined,
): Promise<void> {
  if (leadSourceId === undefined) return;
  if (!(await em.count(LeadSource, { businessId, id: leadSourceId }))) {
    throw new AppError('RESOURCE_NOT_FOUND', `No lead source with id ${leadSourceId} in this business.`);
  }
}
