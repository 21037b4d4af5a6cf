import { AppError } from '../../errors/index.ts';
import { identifyPublicClient } from '../../services/oauth/public-client.ts';
import { revokeTokenOfClient } from '../../services/oauth/token-revocation.ts';
import { oauthUrls } from '../../services/oauth/urls.ts';
import { oauthTokenProcedure } from '../../trpc.ts';
import { ZRevokeTokenRequest, ZRevokeTokenResponse } from './revoke-token.schema.ts';

/**
 * The revocation endpoint's logic (`POST {base_url}/oauth/revoke`, RFC 7009): a refresh or access
 * token of the requesting client revokes its grant. Answers the same (nothing) for an unknown
 * token, another client's token and an already revoked one. Shares the token endpoint's budget.
 */
export const revokeToken = oauthTokenProcedure
  .input(ZRevokeTokenRequest)
  .output(ZRevokeTokenResponse)
  .mutation(async ({ ctx, input }) => {
    const client = await identifyPublicClient(ctx.services.caches.oauth.clients, ctx.em, input);
    if (input.token === undefined) throw new AppError('OAUTH_INVALID_REQUEST', 'token is required.');
    const outcome = await revokeTokenOfClient({
      em: ctx.em,
      caches: ctx.services.caches.oauth,
      now: ctx.clock.now(),
      clientId: client.clientId,
      token: input.token,
      issuer: oauthUrls(ctx.urls).issuer,
    });
    ctx.log.info({ clientId: client.clientId, outcome }, 'oauth token revocation');
    return {};
  });
