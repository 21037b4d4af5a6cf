import { AppError } from '../../errors/index.ts';
import { exchangeAuthorizationCode } from '../../services/oauth/code-exchange.ts';
import { isWellFormedCodeVerifier } from '../../services/oauth/pkce.ts';
import { identifyPublicClient } from '../../services/oauth/public-client.ts';
import { exchangeRefreshToken } from '../../services/oauth/refresh-exchange.ts';
import { protectedResources } from '../../services/oauth/protected-resources.ts';
import { oauthUrls } from '../../services/oauth/urls.ts';
import { oauthTokenProcedure } from '../../trpc.ts';
import { ZTokenRequest, ZTokenResponse, type TokenRequest } from './exchange-token.schema.ts';

function required<K extends keyof TokenRequest>(input: TokenRequest, name: K): NonNullable<TokenRequest[K]> {
  const value = input[name];
  if (value === undefined)
    throw new AppError('OAUTH_INVALID_REQUEST', `${name} is required for grant_type ${input.grant_type}.`);
  return value as NonNullable<TokenRequest[K]>;
}

/**
 * The token endpoint's logic (`POST {base_url}/oauth/token`; the OAuth adapter parses the form and
 * answers RFC 6749's JSON): the public client is identified first, then the grant type decides.
 * authorization_code needs code, redirect_uri and an RFC 7636 code_verifier; refresh_token needs
 * refresh_token and may narrow the scope. Counted against the per-client token budget.
 */
export const exchangeToken = oauthTokenProcedure
  .input(ZTokenRequest)
  .output(ZTokenResponse)
  .mutation(async ({ ctx, input }) => {
    const client = await identifyPublicClient(ctx.services.caches.oauth.clients, ctx.em, input);
    if (input.grant_type === undefined) throw new AppError('OAUTH_INVALID_REQUEST', 'grant_type is required.');
    const urls = oauthUrls(ctx.urls);
    const now = ctx.clock.now();
    const signing = {
      kek: await ctx.services.oauth.keyEncryptionKey(ctx.log),
      issuer: urls.issuer,
      ttlSeconds: ctx.services.oauth.accessTokenTtlSeconds,
    };
    const common = {
      em: ctx.em,
      caches: ctx.services.caches.oauth,
      now,
      client,
      resources: input.resource ?? [],
      issuableResources: protectedResources(ctx.urls).map((resource) => resource.url),
      signing,
    };
    switch (input.grant_type) {
      case 'authorization_code': {
        const code = required(input, 'code');
        const redirectUri = required(input, 'redirect_uri');
        const codeVerifier = required(input, 'code_verifier');
        if (!isWellFormedCodeVerifier(codeVerifier)) {
          throw new AppError(
            'OAUTH_INVALID_REQUEST',
            'code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_" and "~" (RFC 7636).',
          );
        }
        return exchangeAuthorizationCode({ ...common, code, redirectUri, codeVerifier });
      }
      case 'refresh_token': {
        const refreshToken = required(input, 'refresh_token');
        if (!client.grantTypes.includes('refresh_token')) {
          throw new AppError('OAUTH_UNAUTHORIZED_CLIENT', 'This client did not register the refresh_token grant type.');
        }
        return exchangeRefreshToken({ ...common, refreshToken, scope: input.scope });
      }
      default:
        throw new AppError(
          'OAUTH_UNSUPPORTED_GRANT_TYPE',
          `grant_type "${input.grant_type}" is not supported: use authorization_code or refresh_token.`,
        );
    }
  });
