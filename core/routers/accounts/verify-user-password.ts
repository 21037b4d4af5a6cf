import { AppError } from '../../errors/index.ts';
import { checkUserPassword } from '../../services/accounts/check-password.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZVerifyUserPasswordInput, ZVerifyUserPasswordOutput } from './verify-user-password.schema.ts';

/**
 * Checks a user's e-mail and password (administration and tests; the OAuth login page uses the
 * same service with its own throttling). An unknown e-mail and a wrong password get the same
 * answer after the same work, so neither the timing nor the message tells which addresses exist.
 */
export const verifyUserPassword = systemProcedure
  .input(ZVerifyUserPasswordInput)
  .output(ZVerifyUserPasswordOutput)
  .mutation(async ({ ctx, input }) => {
    const verified = await checkUserPassword(ctx.em, ctx.services, { ...input, now: ctx.clock.now() });
    if (!verified) throw new AppError('UNAUTHORIZED', 'The e-mail address or the password is wrong.');
    return { user_id: verified.userId };
  });
