import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/password.ts';
import { isAppError } from '../../errors/index.ts';
import type { CoreServices } from '../index.ts';
import { findUserByEmail, passwordHashOf, replacePasswordHash } from './users.query.ts';

/**
 * Checks a user's e-mail and password for a sign-in: the user's id, or undefined. An unknown
 * e-mail costs the same scrypt run as a wrong password, so the timing does not tell which
 * addresses exist. A hash made with weaker parameters than today's is replaced after a successful
 * check, while the password is at hand (skipped, for the next sign-in, when the service is busy).
 * Does not throttle: callers that take passwords from the network count failures themselves.
 *
 * Every scrypt run takes a turn of `work` (the service-wide bound on password checks): when its
 * queue is full this throws SERVER_BUSY before any password was checked.
 */
export async function checkUserPassword(
  em: EntityManager,
  services: Pick<CoreServices, 'passwordChecks' | 'caches'>,
  input: { email: string; password: string; now: Date },
): Promise<{ userId: string } | undefined> {
  const user = await findUserByEmail(em, input.email, { withPasswordHash: true });
  const work = services.passwordChecks;
  const stored = (user && passwordHashOf(user)) ?? (await services.caches.unknownUserHash());
  const valid = await work.run(() => verifyPassword(input.password, stored));
  if (!user || !valid) return undefined;
  if (needsRehash(stored)) {
    const rehashed = await work
      .run(() => hashPassword(input.password))
      .catch((error: unknown) => {
        if (isAppError(error) && error.appCode === 'SERVER_BUSY') return undefined;
        throw error;
      });
    // Only if nobody changed the password meanwhile.
    if (rehashed) await replacePasswordHash(em, { userId: user.id, stored, rehashed, now: input.now });
  }
  return { userId: user.id };
}
