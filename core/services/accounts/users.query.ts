import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User, type IUser } from '../../../orm/entities/accounts/user.ts';

/**
 * The user with this e-mail address in any letter case (the same rule as the unique index on
 * lower(email)); with `passwordHash` loaded only when the caller verifies a password.
 */
export async function findUserByEmail(
  em: EntityManager,
  email: string,
  options: { withPasswordHash?: boolean } = {},
): Promise<IUser | null> {
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

/** Whether a user with this id exists. */
export async function userExists(em: EntityManager, id: string): Promise<boolean> {
  return (await em.count(User, { id })) > 0;
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Stores a new user (one flush of the unit of work). A duplicate e-mail address fails on the
 * unique index users_email_lower_unique (see isUniqueViolation).
 */
export async function insertUser(em: EntityManager, values: NewUser): Promise<IUser> {
  const user = em.create(User, values);
  await em.flush();
  return user;
}

/** Replaces a password hash, only if it still is `stored` (nobody changed the password meanwhile). */
export async function replacePasswordHash(
  em: EntityManager,
  input: { userId: string; stored: string; rehashed: string; now: Date },
): Promise<void> {
  await em.nativeUpdate(
    User,
    { id: input.userId, passwordHash: input.stored },
    { passwordHash: input.rehashed, updatedAt: input.now },
  );
}

/** Sets a user's password hash (an operator's reset: whatever the old one was). */
export async function setPasswordHash(
  em: EntityManager,
  input: { userId: string; passwordHash: string; now: Date },
): Promise<void> {
  await em.nativeUpdate(User, { id: input.userId }, { passwordHash: input.passwordHash, updatedAt: input.now });
}
