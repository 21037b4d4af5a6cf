import { AppError } from '../../errors/index.ts';
import { grantRecords } from '../../services/oauth/grant-records.ts';
import { revokeGrantHere as revoke } from '../../services/oauth/grant-revocation.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZRevokeGrantInput, ZRevokeGrantOutput } from './revoke-grant.schema.ts';

/**
 * Revokes a user's authorization of a client (scripts only): its access tokens fail verification
 * and its refresh token and any unexchanged code stop working at once. Idempotent: revoking it
 * again reports `already_revoked` and keeps the first revocation time.
 */
export const revokeGrant = systemProcedure
  .input(ZRevokeGrantInput)
  .output(ZRevokeGrantOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const revokedNow = await revoke(ctx.services.caches.oauth.grantStates, ctx.em, input.grant_id, now);
    const [grant] = await grantRecords(
      ctx.em,
      { grantId: input.grant_id },
      { now, accessTokenTtlSeconds: ctx.services.oauth.accessTokenTtlSeconds },
    );
    if (!grant) throw new AppError('RESOURCE_NOT_FOUND', `No OAuth grant with id ${input.grant_id}.`);
    return { grant, already_revoked: !revokedNow };
  });
