import { AppError } from '../../errors/index.ts';
import { toApiTokenOutput } from '../../services/accounts/api-token-output.ts';
import { findApiToken, markApiTokenRevoked } from '../../services/accounts/api-tokens.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZRevokeApiTokenInput, ZRevokeApiTokenOutput } from './revoke-api-token.schema.ts';

/**
 * Revokes a workspace API token at once: the next request with it is UNAUTHORIZED (scripts only).
 * Idempotent: revoking it again reports `already_revoked` and keeps the first revocation time.
 */
export const revokeApiToken = systemProcedure
  .input(ZRevokeApiTokenInput)
  .output(ZRevokeApiTokenOutput)
  .mutation(async ({ ctx, input }) => {
    // Conditional update: two concurrent revocations cannot both claim to be the first.
    const revokedNow = await markApiTokenRevoked(ctx.em, input.token_id, ctx.clock.now());
    const token = await findApiToken(ctx.em, input.token_id);
    if (!token) throw new AppError('RESOURCE_NOT_FOUND', `No API token with id ${input.token_id}.`);
    return { token: toApiTokenOutput(token, ctx.clock.now()), already_revoked: !revokedNow };
  });
