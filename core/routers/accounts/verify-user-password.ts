import { User } from '../../../orm/entities/accounts/user.ts';
import { hashPassword, needsRehash, unknownUserHash, verifyPassword } from '../../auth/password.ts';
import { AppError } from '../../errors/index.ts';
import { findUserByEmail, passwordHashOf } from '../../services/accounts/find-user.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZVerifyUserPasswordInput, ZVerifyUserPasswordOutput } from './verify-user-password.schema.ts';

/**
 * Checks a user's e-mail and password for a sign-in (the OAuth login calls it in process). An
 * unknown e-mail costs the same scrypt run as a wrong password and gets the same answer, so
 * neither the timing nor the message tells which addresses exist. A hash made with weaker
 * parameters than today's is replaced after a successful check, while the password is at hand.
 */
export const verifyUserPassword = systemProcedure
  .input(ZVerifyUserPasswordInput)
  .output(ZVerifyUserPasswordOutput)
  .mutation(async ({ ctx, input }) => {
    const user = await findUserByEmail(ctx.em, input.email, { withPasswordHash: true });
    const stored = (user && passwordHashOf(user)) ?? (await unknownUserHash());
    const valid = await verifyPassword(input.password, stored);
    if (!user || !valid) throw new AppError('UNAUTHORIZED', 'The e-mail address or the password is wrong.');
    if (needsRehash(stored)) {
      const rehashed = await hashPassword(input.password);
      // Only if nobody changed the password meanwhile.
      await ctx.em.nativeUpdate(User, { id: user.id, passwordHash: stored }, { passwordHash: rehashed, updatedAt: ctx.clock.now() });
    }
    return { user_id: user.id };
  });
