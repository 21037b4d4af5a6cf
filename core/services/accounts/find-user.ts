import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User, type IUser } from '../../../orm/entities/accounts/user.ts';

/**
 * The user with this e-mail address in any letter case (the same rule as the unique index on
 * lower(email)); with `passwordHash` loaded only when the caller verifies a password.
 */
export async function findUserByEmail(em: EntityManager, email: string, options: { withPasswordHash?: boolean } = {}): Promise<IUser | null> {
  return em.findOne(
    User,
    { [raw('lower(email)')]: raw('lower(?)', [email]) },
    options.withPasswordHash ? { populate: ['passwordHash'] } : {},
  );
}

/** The stored hash of a user loaded with `withPasswordHash` (the lazy property may come as a scalar reference). */
export function passwordHashOf(user: IUser): string | undefined {
  const value = user.passwordHash as unknown;
  if (typeof value === 'string') return value;
  return (value as { unwrap(): string | undefined } | undefined)?.unwrap();
}
