import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../../orm/entities/accounts/user.ts';
import { hashPassword, needsRehash, unknownUserHash, verifyPassword } from '../../auth/password.ts';
import { findUserByEmail, passwordHashOf } from './find-user.ts';

/**
 * Checks a user's e-mail and password for a sign-in: the user's id, or undefined. An unknown
 * e-mail costs the same scrypt run as a wrong password, so the timing does not tell which
 * addresses exist. A hash made with weaker parameters than today's is replaced after a successful
 * check, while the password is at hand. Does not throttle: callers that take passwords from the
 * network count failures themselves.
 */
export async function checkUserPassword(em: EntityManager, input: { email: string; password: string; now: Date }): Promise<{ userId: string } | undefined> {
  const user = await findUserByEmail(em, input.email, { withPasswordHash: true });
  const stored = (user && passwordHashOf(user)) ?? (await unknownUserHash());
  const valid = await verifyPassword(input.password, stored);
  if (!user || !valid) return undefined;
  if (needsRehash(stored)) {
    const rehashed = await hashPassword(input.password);
    // Only if nobody changed the password meanwhile.
    await em.nativeUpdate(User, { id: user.id, passwordHash: stored }, { passwordHash: rehashed, updatedAt: input.now });
  }
  return { userId: user.id };
}
