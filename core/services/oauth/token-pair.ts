import type { EntityManager } from '@mikro-orm/postgresql';
import { mintAccessToken } from './access-tokens.ts';
import type { RefreshTokenConsumption } from './refresh-tokens.query.ts';
import { issueRefreshToken, type IssuedRefreshToken } from './refresh-tokens.ts';

/** RFC 6749 section 5.1 successful token response. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

/** What signs access tokens: the opened key-encryption key, the issuer, the lifetime. */
export interface AccessTokenSigning {
  kek: Buffer;
  issuer: string;
  ttlSeconds: number;
}

/** The grant tokens are issued from. */
export interface GrantForTokens {
  grantId: string;
  clientId: string;
  userId: string;
  businessId: string;
  /** The RFC 8707 resource: the access token's `aud`. */
  resource: string;
}

/**
 * An access token for the grant's resource and, when the client uses refresh tokens, a new
 * refresh token, both for `scope`. Runs on the caller's transaction, so that the tokens exist only
 * if the code or refresh token they replace was consumed. `refreshSecret` is the new refresh
 * token's secret when the caller derives it (a rotation); random otherwise. `consumes` (the
 * refresh token being exchanged) is marked in the refresh token's own statement. `activeKid` is the
 * signing key's id as the caller's locking statement read it (see mintAccessToken).
 */
export async function issueTokenPair(
  em: EntityManager,
  input: {
    grant: GrantForTokens;
    scope: string;
    now: Date;
    signing: AccessTokenSigning;
    withRefreshToken: boolean;
    refreshSecret?: string;
    consumes?: RefreshTokenConsumption;
    activeKid?: string | null;
  },
): Promise<{ response: TokenResponse; refreshToken: IssuedRefreshToken | undefined }> {
  const { grant, scope, now, signing } = input;
  const access = await mintAccessToken({
    em,
    kek: signing.kek,
    now,
    issuer: signing.issuer,
    audience: grant.resource,
    userId: grant.userId,
    businessId: grant.businessId,
    clientId: grant.clientId,
    scope,
    grantId: grant.grantId,
    ttlSeconds: signing.ttlSeconds,
    activeKid: input.activeKid,
  });
  const refreshToken = input.withRefreshToken
    ? await issueRefreshToken(em, {
        grantId: grant.grantId,
        scope,
        now,
        ...(input.refreshSecret ? { token: input.refreshSecret } : {}),
        ...(input.consumes ? { consumes: input.consumes } : {}),
      })
    : undefined;
  return {
    response: {
      access_token: access.token,
      token_type: 'Bearer',
      expires_in: access.expiresIn,
      ...(refreshToken ? { refresh_token: refreshToken.token } : {}),
      scope,
    },
    refreshToken,
  };
}
