import { hashPassword } from '../../auth/password.ts';
import { AppError } from '../../errors/index.ts';
import { toUserOutput } from '../../services/accounts/user-output.ts';
import { findUserByEmail, setPasswordHash } from '../../services/accounts/users.query.ts';
import { deleteUserBrowserSessions } from '../../services/oauth/authorize/browser-sessions.query.ts';
import { inTransaction } from '../../services/sql/transaction.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZResetUserPasswordInput, ZResetUserPasswordOutput } from './reset-user-password.schema.ts';

/**
 * An operator sets a user's password (scripts only: a lost password has no other way back). The
 * user's browser sign-ins end with it, since whoever knew the old password may hold one; OAuth
 * grants the user gave to clients stay (they are consents, revoked one by one with their command).
 */
export const resetUserPassword = systemProcedure
  .input(ZResetUserPasswordInput)
  .output(ZResetUserPasswordOutput)
  .mutation(async ({ ctx, input }) => {
    const user = await findUserByEmail(ctx.em, input.email);
    if (!user) throw new AppError('RESOURCE_NOT_FOUND', `No user has the e-mail address ${input.email}.`);
    // Hashed before the transaction: the scrypt run must not hold the database's session.
    const passwordHash = await hashPassword(input.password);
    const now = ctx.clock.now();
    const sessionsEnded = await inTransaction(ctx.em, async (tx) => {
      await setPasswordHash(tx, { userId: user.id, passwordHash, now });
      return deleteUserBrowserSessions(tx, user.id);
    });
    return { user: toUserOutput(user), sessions_ended: sessionsEnded };
  });
