import { AppError } from '../../errors/index.ts';
import { findUserByEmail } from '../../services/accounts/users.query.ts';
import { grantRecords } from '../../services/oauth/grant-records.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZListGrantsInput, ZListGrantsOutput } from './list-grants.schema.ts';

/** The OAuth clients a user authorized (one grant per consent), newest first (scripts only). */
export const listGrants = systemProcedure
  .input(ZListGrantsInput)
  .output(ZListGrantsOutput)
  .query(async ({ ctx, input }) => {
    const user = await findUserByEmail(ctx.em, input.email);
    if (!user) throw new AppError('RESOURCE_NOT_FOUND', `No user with e-mail ${input.email}.`);
    const items = await grantRecords(
      ctx.em,
      { userId: user.id, includeRevoked: input.include_revoked },
      { now: ctx.clock.now(), accessTokenTtlSeconds: ctx.services.oauth.accessTokenTtlSeconds },
    );
    return { user_id: user.id, email: user.email, items };
  });
