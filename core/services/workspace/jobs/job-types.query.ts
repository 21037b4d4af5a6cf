import type { EntityManager } from '@mikro-orm/postgresql';
import { JobType } from '../../../../orm/entities/field-service/job-type.ts';

/** Job types of one business by name, then id, after the previous page's last (name, id). */
export function findJobTypes(
  em: EntityManager,
  businessId: string,
  after: readonly [string, string] | undefined,
  limit: number,
) {
  return em.find(
    JobType,
    after
      ? { businessId, $or: [{ name: { $gt: after[0] } }, { name: after[0], id: { $gt: after[1] } }] }
      : { businessId },
    { orderBy: { name: 'asc', id: 'asc' }, limit },
  );
}
