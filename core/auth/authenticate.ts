import type { Context, Principal } from '../context.ts';
import { AppError } from '../errors/index.ts';
import { findActiveApiToken } from '../services/accounts/api-token-lookup.ts';
import { isApiTokenShaped } from './api-token.ts';

/**
 * Verifies a bearer token that is not a workspace API token (the OAuth issue's access tokens).
 * Answers undefined for a token it does not accept; never throws for a bad token.
 */
export type AccessTokenVerifier = (token: string, ctx: Context) => Promise<Principal | undefined>;

const challenge = 'Bearer realm="field-service-api"';

/**
 * The principal of a request: the one the context was built with (scripts, tests), else the one
 * its bearer credentials prove. Missing credentials and invalid tokens are both UNAUTHORIZED, with
 * an RFC 6750 challenge; the message never says which part of a token was wrong.
 */
export async function resolvePrincipal(ctx: Context): Promise<Principal> {
  if (ctx.principal.kind !== 'anonymous') return ctx.principal;
  const bearer = ctx.credentials.bearer;
  if (bearer === undefined) {
    throw new AppError('UNAUTHORIZED', 'This procedure needs a workspace API token or an access token: send Authorization: Bearer <token>.', {
      headers: { 'WWW-Authenticate': challenge },
    });
  }
  if (isApiTokenShaped(bearer)) {
    const token = await findActiveApiToken(ctx.em, bearer, ctx.clock.now());
    if (token) return { kind: 'api_token', businessId: token.businessId, tokenId: token.id, scopes: token.scopes };
  } else if (ctx.services.accessTokenVerifier) {
    const principal = await ctx.services.accessTokenVerifier(bearer, ctx);
    if (principal) return principal;
  }
  throw new AppError('UNAUTHORIZED', 'The bearer token is invalid, expired or revoked.', {
    headers: { 'WWW-Authenticate': `${challenge}, error="invalid_token"` },
  });
}
