import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/index.ts';
import { mintAccessToken } from './access-tokens.ts';
import { hashOAuthSecret } from './authorization-codes.ts';
import { redeemAuthorizationCode, type CodeForExchange } from './authorization-codes.query.ts';
import { revokeGrantHere } from './grant-revocation.ts';
import type { OAuthCaches } from './oauth-caches.ts';
import { s256Challenge, verifierMatchesChallenge } from './pkce.ts';
import type { PublicClient } from './public-client.ts';
import { newRefreshToken } from './refresh-tokens.ts';
import { checkResource } from './resource-indicator.ts';
import type { AccessTokenSigning, TokenResponse } from './token-pair.ts';

export interface CodeExchangeInput {
  em: EntityManager;
  caches: OAuthCaches;
  now: Date;
  client: PublicClient;
  code: string;
  redirectUri: string;
  /** Already checked for RFC 7636's shape. */
  codeVerifier: string;
  /** RFC 8707 `resource` parameters of the token request (none: the grant's resource). */
  resources: readonly string[];
  /** The resources tokens are issued for: the MCP and the A2A resource (the grant says which). */
  issuableResources: readonly string[];
  signing: AccessTokenSigning;
}

const invalidGrant = (message: string) => new AppError('OAUTH_INVALID_GRANT', message);

const alreadyUsed = () =>
  invalidGrant(
    'The authorization code was already used: the authorization is revoked, with every token issued from it. Authorize again.',
  );

/** Why the redeemed row may not be exchanged by this request, in the order of the checks; undefined: it may. */
function refusalOf(row: CodeForExchange, input: CodeExchangeInput): AppError | undefined {
  if (row.client_id !== input.client.clientId) return invalidGrant('The authorization code is not valid.');
  if (new Date(row.expires_at).getTime() <= input.now.getTime())
    return invalidGrant('The authorization code has expired (codes live 60 seconds): authorize again.');
  if (row.revoked_at !== null || !row.is_member) return invalidGrant('The authorization was revoked: authorize again.');
  if (row.redirect_uri !== input.redirectUri)
    return invalidGrant('redirect_uri does not match the redirect URI of the authorization request.');
  if (!verifierMatchesChallenge(input.codeVerifier, row.code_challenge))
    return invalidGrant('code_verifier does not match the code challenge of the authorization request.');
  return checkResource(input.resources, row.resource, input.issuableResources);
}

/**
 * RFC 6749 section 4.1.3 with RFC 7636 and RFC 8707: exchanges a single-use authorization code.
 * One statement (redeemAuthorizationCode) reads the code with its grant, marks it used only when
 * every check below holds and it is still unused, and stores the new refresh token; no explicit
 * transaction, one round trip. Of concurrent exchanges of one code only one consumes it; the others,
 * and any later one, see a used code. A used code is a leaked code (RFC 6749 section 10.5): its grant
 * is revoked, which ends every token issued from it (verification and refresh both check the grant,
 * so a token signed after the revocation is dead too), and the request fails. Otherwise any of these
 * is invalid_grant, consuming nothing: unknown code, another client's, expired (60 s), grant revoked
 * or its user no longer a member of the business, redirect_uri not the authorization request's,
 * verifier not matching the S256 challenge. A `resource` other than the grant's (or a grant for no
 * resource this server issues tokens for) is invalid_target. The access token is signed after the code is consumed: a
 * failure to sign (a server error) leaves the code used, and the client authorizes again.
 *
 * Does NOT cover: client authentication (public clients; see identifyPublicClient) and the
 * verifier's shape (checked before, as invalid_request).
 */
export async function exchangeAuthorizationCode(input: CodeExchangeInput): Promise<TokenResponse> {
  const { now } = input;
  const withRefreshToken = input.client.grantTypes.includes('refresh_token');
  const refreshToken = withRefreshToken ? newRefreshToken(now) : undefined;
  const row = await redeemAuthorizationCode(input.em, {
    codeHash: hashOAuthSecret(input.code),
    now,
    clientId: input.client.clientId,
    redirectUri: input.redirectUri,
    challenge: s256Challenge(input.codeVerifier),
    issuableResources: input.issuableResources,
    requestedResources: input.resources,
    ...(refreshToken ? { refreshToken } : {}),
  });
  if (!row) throw invalidGrant('The authorization code is not valid.');
  if (!row.consumed) {
    // Used before this statement, or by a concurrent exchange that won the row (this statement's
    // snapshot may still read it unused, but every check passed and the code was not consumed).
    const refusal = row.used_at === null ? refusalOf(row, input) : undefined;
    if (refusal) throw refusal;
    await revokeGrantHere(input.caches.grantStates, input.em, row.grant_id, now);
    throw alreadyUsed();
  }
  const access = await mintAccessToken({
    em: input.em,
    kek: input.signing.kek,
    now,
    issuer: input.signing.issuer,
    audience: row.resource,
    userId: row.user_id,
    businessId: row.business_id,
    clientId: row.client_id,
    scope: row.scope,
    grantId: row.grant_id,
    ttlSeconds: input.signing.ttlSeconds,
    activeKid: row.active_kid,
  });
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresIn,
    ...(refreshToken ? { refresh_token: refreshToken.token } : {}),
    scope: row.scope,
  };
}
