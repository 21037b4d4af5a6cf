import type { EntityManager } from '@mikro-orm/postgresql';
import { compactVerify, errors as joseErrors, type CompactJWSHeaderParameters } from 'jose';
import { z } from 'zod';
import { ACCESS_TOKEN_TYP } from './access-tokens.ts';
import { hashOAuthSecret } from './authorization-codes.ts';
import { revokeGrantHere } from './grant-revocation.ts';
import type { OAuthCaches } from './oauth-caches.ts';
import { findRefreshTokenOwner } from './refresh-tokens.query.ts';
import { findPublishedKey, SIGNING_ALG, type KeyPublicationCache } from './signing-keys.ts';
import { MAX_CLIENT_ID_LENGTH } from './client-document-url.ts';

/** What a revocation request did; the endpoint answers 200 whatever it is (RFC 7009 section 2.2). */
export type RevocationOutcome = 'revoked' | 'already_revoked' | 'unknown_token' | 'other_client';

export interface RevokeTokenInput {
  em: EntityManager;
  caches: OAuthCaches;
  now: Date;
  /** The (public) client making the request. */
  clientId: string;
  token: string;
  /** {site_url}: the only issuer whose access tokens are ours. */
  issuer: string;
}

const ZRevocableClaims = z.object({
  iss: z.string(),
  client_id: z.string().min(1).max(MAX_CLIENT_ID_LENGTH),
  grant_id: z.guid(),
});

/** A token we recognise: the grant it belongs to and the client it was issued to. */
interface TokenOwner {
  grantId: string;
  clientId: string;
}

class NotOurs extends Error {}

/**
 * The grant of one of our access tokens: an ES256 JWS whose key we publish now, whose signature
 * verifies, with typ at+jwt and our issuer. Neither `aud` nor `exp` is required: every token this
 * server signed names its grant, and revoking the grant of an expired or other-audience token of
 * the same client is exactly what the client asks for.
 */
async function accessTokenOwner(
  signingKeys: KeyPublicationCache,
  em: EntityManager,
  token: string,
  now: Date,
  issuer: string,
): Promise<TokenOwner | undefined> {
  try {
    const { payload, protectedHeader } = await compactVerify(
      token,
      async (header: CompactJWSHeaderParameters) => {
        if (
          header.alg !== SIGNING_ALG ||
          typeof header.kid !== 'string' ||
          header.kid.length === 0 ||
          header.kid.length > 64
        )
          throw new NotOurs();
        const key = await findPublishedKey(signingKeys, em, header.kid, now);
        if (!key) throw new NotOurs();
        return key;
      },
      { algorithms: [SIGNING_ALG] },
    );
    const typ = protectedHeader.typ?.toLowerCase();
    if (typ !== ACCESS_TOKEN_TYP && typ !== `application/${ACCESS_TOKEN_TYP}`) return undefined;
    const claims = ZRevocableClaims.safeParse(JSON.parse(new TextDecoder().decode(payload)));
    if (!claims.success || claims.data.iss !== issuer) return undefined;
    return { grantId: claims.data.grant_id, clientId: claims.data.client_id };
  } catch (error) {
    if (error instanceof NotOurs || error instanceof joseErrors.JOSEError || error instanceof SyntaxError)
      return undefined;
    throw error;
  }
}

function refreshTokenOwner(em: EntityManager, token: string): Promise<TokenOwner | undefined> {
  return findRefreshTokenOwner(em, hashOAuthSecret(token));
}

/**
 * RFC 7009 token revocation for a public client. A refresh token or an access token issued to
 * this client revokes its grant, so both kinds die together (section 2.1 allows revoking the
 * related tokens; an access token alone cannot be withdrawn from a JWT, only through its grant).
 * The token's shape decides how it is looked up (a JWT has two dots, refresh tokens none); a
 * `token_type_hint` is only an optimisation in the RFC and is ignored. Unknown tokens, tokens of
 * another client and grants already revoked change nothing; the caller answers 200 in every case,
 * so the endpoint reveals nothing about tokens that are not the client's.
 *
 * Does NOT cover: client authentication (public clients: anyone holding a token and knowing its
 * client_id can revoke it, which is harmless: holding the token already means holding its access).
 */
export async function revokeTokenOfClient(input: RevokeTokenInput): Promise<RevocationOutcome> {
  const { em, token } = input;
  const owner =
    token.split('.').length === 3
      ? await accessTokenOwner(input.caches.signingKeys, em, token, input.now, input.issuer)
      : await refreshTokenOwner(em, token);
  if (!owner) return 'unknown_token';
  if (owner.clientId !== input.clientId) return 'other_client';
  return (await revokeGrantHere(input.caches.grantStates, em, owner.grantId, input.now, { clientId: input.clientId }))
    ? 'revoked'
    : 'already_revoked';
}
