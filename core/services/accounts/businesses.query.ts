import type { RequiredEntityData } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Business, type IBusiness } from '../../../orm/entities/accounts/business.ts';
import { Membership } from '../../../orm/entities/accounts/membership.ts';

/** The business with this id, or with this slug; null when there is none. */
export async function findBusinessWhere(
  em: EntityManager,
  where: { id: string } | { slug: string },
): Promise<IBusiness | null> {
  return em.findOne(Business, where);
}

/** Whether a business already has this slug. */
export async function businessSlugTaken(em: EntityManager, slug: string): Promise<boolean> {
  return (await em.count(Business, { slug })) > 0;
}

/** How many businesses exist. */
export async function countBusinesses(em: EntityManager): Promise<number> {
  return em.count(Business, {});
}

/**
 * Stores a new business and, with `owner`, that user's owner membership (created at
 * `owner.createdAt`), in one transaction: the business never exists without the owner asked for.
 * Two flushes, as the entities declare no relations from which the ORM could order the inserts.
 * A taken slug fails on the unique index businesses_slug_unique (see isUniqueViolation).
 */
export async function insertBusiness(
  em: EntityManager,
  values: RequiredEntityData<IBusiness>,
  owner: { userId: string; createdAt: Date } | undefined,
): Promise<IBusiness> {
  return em.transactional(async (tx) => {
    const created = tx.create(Business, values);
    await tx.flush();
    if (owner)
      tx.create(Membership, {
        businessId: created.id,
        userId: owner.userId,
        role: 'owner',
        createdAt: owner.createdAt,
      });
    return created;
  });
}
