import type { EntityManager } from '@mikro-orm/postgresql';
import { Membership, type IMembership } from '../../../orm/entities/accounts/membership.ts';
import { isUniqueViolation } from '../sql/unique-violation.ts';

/** The user's membership of the business; null when they are not a member. */
export async function findMembership(
  em: EntityManager,
  businessId: string,
  userId: string,
): Promise<IMembership | null> {
  return em.findOne(Membership, { businessId, userId });
}

/**
 * Stores a new membership (one flush of the unit of work). When a concurrent insert of the same
 * user and business got there first (memberships_pkey), answers that membership with
 * `created: false`, as if it had come before this one.
 */
export async function insertMembership(
  em: EntityManager,
  values: Pick<IMembership, 'businessId' | 'userId' | 'role' | 'createdAt'>,
): Promise<{ membership: IMembership; created: boolean }> {
  const membership = em.create(Membership, values);
  try {
    await em.flush();
  } catch (error) {
    if (!isUniqueViolation(error, 'memberships_pkey')) throw error;
    const raced = await findMembership(em.fork(), values.businessId, values.userId);
    if (raced) return { membership: raced, created: false };
    throw error;
  }
  return { membership, created: true };
}
