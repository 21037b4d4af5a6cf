import { releaseIdempotencyKey } from '../../services/idempotency/idempotency-keys.query.ts';
import { idempotencyOwner } from '../../services/idempotency/owner.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZReleaseKeyInput, ZReleaseKeyOutput } from './release-key.schema.ts';

/**
 * Frees a key whose execution is not to be kept (it failed, or answered 5xx), so a retry runs
 * again. Only the claim that holds the key can: a released claim cannot delete its successor's row.
 */
export const releaseKey = publicProcedure
  .input(ZReleaseKeyInput)
  .output(ZReleaseKeyOutput)
  .mutation(async ({ ctx, input }) => ({
    released: await releaseIdempotencyKey(ctx.sql, {
      owner: idempotencyOwner(ctx),
      scope: input.scope,
      key: input.key,
      claimToken: input.claim_token,
    }),
  }));
