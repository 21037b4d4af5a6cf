import { rotateSigningKey as rotate, SIGNING_ALG } from '../../services/oauth/signing-keys.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZRotateSigningKeyInput, ZRotateSigningKeyOutput } from './rotate-signing-key.schema.ts';

/**
 * Makes a new ES256 key the signing key (scripts only: `npm run admin -- rotate-oauth-key`). The
 * previous keys are retired but stay published for one access-token lifetime plus 5 minutes.
 */
export const rotateSigningKey = systemProcedure
  .input(ZRotateSigningKeyInput)
  .output(ZRotateSigningKeyOutput)
  .mutation(async ({ ctx }) => {
    const kek = await ctx.services.oauth.keyEncryptionKey(ctx.log);
    const result = await rotate(ctx.em, kek, ctx.clock.now(), ctx.services.oauth.accessTokenTtlSeconds);
    return {
      kid: result.kid,
      alg: SIGNING_ALG,
      created_at: result.createdAt.toISOString(),
      retired: result.retired.map((key) => ({
        kid: key.kid,
        retired_at: key.retiredAt.toISOString(),
        publish_until: key.publishUntil.toISOString(),
      })),
    };
  });
