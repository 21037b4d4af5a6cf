import type { Context, Principal } from '../context.ts';
import { AppError } from '../errors/index.ts';
import { findActiveApiToken } from '../services/accounts/api-tokens.query.ts';
import { isApiTokenShaped } from './api-token.ts';

const challenge = 'Bearer realm="field-service-api"';

/**
 * The principal of a request: the one the context was built with (scripts, tests, and the MCP and
 * A2A adapters after verifying an access token), else the workspace API token of its bearer
 * credentials. Nothing else becomes a principal here: an OAuth access token is issued for the MCP or
 * the A2A resource (one audience per token; their adapters verify it), so on every other surface it is
 * refused like any unknown token. Missing credentials and invalid tokens are both UNAUTHORIZED, with an RFC 6750 challenge;
 * the message never says which part of a token was wrong.
 */
export async function resolvePrincipal(ctx: Context): Promise<Principal> {
  if (ctx.principal.kind !== 'anonymous') return ctx.principal;
  const bearer = ctx.credentials.bearer;
  if (bearer === undefined) {
    throw new AppError(
      'UNAUTHORIZED',
      'This procedure needs a workspace API token: send Authorization: Bearer <token>.',
      {
        headers: { 'WWW-Authenticate': challenge },
      },
    );
  }
  if (isApiTokenShaped(bearer)) {
    const token = await findActiveApiToken(ctx.em, bearer, ctx.clock.now());
    if (token) return { kind: 'api_token', businessId: token.businessId, tokenId: token.id, scopes: token.scopes };
  }
  throw new AppError('UNAUTHORIZED', 'The bearer token is invalid, expired or revoked.', {
    headers: { 'WWW-Authenticate': `${challenge}, error="invalid_token"` },
  });
}
