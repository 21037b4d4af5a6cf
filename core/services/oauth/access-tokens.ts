import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';
import { z } from 'zod';
import { mcpScopes } from '../../auth/scopes.ts';
import type { Principal } from '../../context.ts';
import { standingGrant } from './grant-state-cache.ts';
import type { OAuthCaches } from './oauth-caches.ts';
import { findStandingGrant, type StandingGrant } from './grants.query.ts';
import { scopesOfOneResource } from './protected-resources.ts';
import { reachableScopes } from './reachable-scopes.ts';
import {
  createKeyPublicationCache,
  findPublishedKey,
  SIGNING_ALG,
  signingKeyFor,
  type KeyPublicationCache,
} from './signing-keys.ts';
import { verifiedTokenKey, type VerifiedClaims } from './verified-token-cache.ts';
import { MAX_CLIENT_ID_LENGTH } from './client-document-url.ts';

/** RFC 9068 section 2.1: the `typ` of a JWT access token. */
export const ACCESS_TOKEN_TYP = 'at+jwt';
/** Allowed difference between our clock and the token's `exp` (and `nbf`), in seconds. */
const CLOCK_TOLERANCE_SECONDS = 30;

export type OAuthPrincipal = Extract<Principal, { kind: 'oauth' }>;

export interface MintAccessTokenInput {
  em: EntityManager;
  kek: Buffer;
  now: Date;
  /** {site_url}: the `iss`. */
  issuer: string;
  /** The resource the token is for (`{base_url}/v1/mcp` or `{base_url}/v1/agent/a2a`): the `aud`. */
  audience: string;
  userId: string;
  businessId: string;
  clientId: string;
  /** Space-separated scopes, all of the audience's resource (protected-resources.ts). */
  scope: string;
  grantId: string;
  ttlSeconds: number;
  /**
   * The kid of the key that signs now, when the caller read it in a statement of its own
   * (ACTIVE_KID_COLUMN): its imported key is then used without a look-up. Absent, or a kid not
   * imported in this process yet: the active key is looked up (and created on first use).
   */
  activeKid?: string | null | undefined;
}

export interface MintedAccessToken {
  token: string;
  /** Seconds until it expires (the token response's `expires_in`). */
  expiresIn: number;
  jti: string;
}

function scopeList(scope: string): string[] {
  return [...new Set(scope.split(' ').filter((entry) => entry.length > 0))];
}

/**
 * An access token as an RFC 9068 JWT signed with the active ES256 key: header
 * `{alg: ES256, kid, typ: at+jwt}`, claims iss, aud, sub (the user), client_id, scope,
 * business_id, grant_id, iat, exp and a random jti. Only the scopes of one resource (MCP's, or
 * A2A's) can be put in one: a grant is for one resource.
 */
export async function mintAccessToken(input: MintAccessTokenInput): Promise<MintedAccessToken> {
  const scopes = scopeList(input.scope);
  if (scopes.length === 0 || !scopesOfOneResource(scopes))
    throw new Error(`access tokens carry the scopes of one resource only, got "${input.scope}"`);
  const { kid, privateKey } = await signingKeyFor(input.em, input.kek, input.now, input.activeKid);
  const issuedAt = Math.floor(input.now.getTime() / 1000);
  const jti = randomUUID();
  const token = await new SignJWT({
    client_id: input.clientId,
    scope: scopes.join(' '),
    business_id: input.businessId,
    grant_id: input.grantId,
  })
    .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: ACCESS_TOKEN_TYP })
    .setIssuer(input.issuer)
    .setAudience(input.audience)
    .setSubject(input.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + input.ttlSeconds)
    .setJti(jti)
    .sign(privateKey);
  return { token, expiresIn: input.ttlSeconds, jti };
}

export interface VerifyAccessTokenOptions {
  em: EntityManager;
  now: Date;
  /** The only accepted `iss`. */
  issuer: string;
  /** The only accepted `aud` (this resource). */
  audience: string;
  /** The scopes of that resource (MCP's when omitted): the token's others are dropped from the principal. */
  scopes?: readonly string[];
  /** The app's verification keys; without them every call reads and imports its key afresh. */
  signingKeys?: KeyPublicationCache;
}

const ZAccessTokenClaims = z.object({
  sub: z.guid(),
  client_id: z.string().min(1).max(MAX_CLIENT_ID_LENGTH),
  scope: z.string().max(500),
  business_id: z.guid(),
  grant_id: z.guid(),
  jti: z.string().min(1).max(100),
});

/** A token we do not accept, for a reason of our own (as opposed to jose's errors). */
class Rejected extends Error {}

const MAX_KID_LENGTH = 64;
/** Longer bearer strings are not our tokens (ours are under 1 kB); refused before any hashing. */
const MAX_TOKEN_LENGTH = 4096;

/** Verifies the JWS and its claims (no grant look-up); undefined for a token we do not accept. */
async function verifySignedClaims(
  token: string,
  options: VerifyAccessTokenOptions,
): Promise<VerifiedClaims | undefined> {
  const { em, now, signingKeys = createKeyPublicationCache() } = options;
  try {
    const { payload } = await jwtVerify(
      token,
      async (header: JWTHeaderParameters) => {
        if (
          header.alg !== SIGNING_ALG ||
          typeof header.kid !== 'string' ||
          header.kid.length === 0 ||
          header.kid.length > MAX_KID_LENGTH
        ) {
          throw new Rejected('no acceptable key');
        }
        const key = await findPublishedKey(signingKeys, em, header.kid, now);
        if (!key) throw new Rejected('unknown or unpublished kid');
        return key;
      },
      {
        algorithms: [SIGNING_ALG],
        issuer: options.issuer,
        audience: options.audience,
        typ: ACCESS_TOKEN_TYP,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: now,
        requiredClaims: ['sub', 'client_id', 'scope', 'business_id', 'grant_id', 'jti', 'iat', 'exp'],
      },
    );
    const claims = ZAccessTokenClaims.safeParse(payload);
    if (!claims.success || typeof payload.exp !== 'number') return undefined;
    const { sub: userId, client_id: clientId, business_id: businessId, grant_id: grantId, jti } = claims.data;
    const known = options.scopes ?? mcpScopes;
    const scopes = scopeList(claims.data.scope).filter((scope) => known.includes(scope));
    return { userId, clientId, businessId, grantId, jti, scopes, exp: payload.exp };
  } catch (error) {
    if (error instanceof Rejected || error instanceof joseErrors.JOSEError) return undefined;
    throw error;
  }
}

/** The principal of verified claims whose grant still stands and still matches them; undefined otherwise. */
function principalOf(claims: VerifiedClaims, grant: StandingGrant | undefined): OAuthPrincipal | undefined {
  const sameUuid = (stored: string, claimed: string) => stored.toLowerCase() === claimed.toLowerCase();
  if (
    !grant ||
    grant.client_id !== claims.clientId ||
    !sameUuid(grant.user_id, claims.userId) ||
    !sameUuid(grant.business_id, claims.businessId)
  )
    return undefined;
  return {
    kind: 'oauth',
    businessId: grant.business_id,
    userId: grant.user_id,
    clientId: grant.client_id,
    grantId: claims.grantId,
    tokenId: claims.jti,
    scopes: claims.scopes,
    reachableScopes: reachableScopes(grant.client_scope, grant.role, claims.scopes),
  };
}

/**
 * The principal an access token proves, or undefined for any token we do not accept: malformed,
 * another algorithm than ES256 (so `none`, HS256 and the rest are refused before any key is
 * looked up), an unknown or unpublished kid, a bad signature, another issuer or audience, a typ
 * other than at+jwt, expired (30 s tolerance), missing claims, or a grant that is revoked, gone,
 * or no longer matches the token (client, user, business), or whose client is deleted, or whose
 * user is no longer a member of the business.
 *
 * This is the uncached reference path: every call verifies the signature and reads the grant. The
 * service verifies through createAccessTokenVerifier, which accepts exactly the same tokens.
 *
 * Does NOT cover: a database failure is not a bad token, so it is thrown (the transport answers
 * 503) rather than turned into a 401 that would send the client back through authorization.
 */
export async function verifyAccessToken(
  token: string,
  options: VerifyAccessTokenOptions,
): Promise<OAuthPrincipal | undefined> {
  const claims = await verifySignedClaims(token, options);
  if (!claims) return undefined;
  return principalOf(claims, await findStandingGrant(options.em, claims.grantId));
}

/**
 * verifyAccessToken with two in-process caches (what the service uses): a token verified once is
 * recognised by its hash until it expires (verified-token-cache.ts), and its grant's state is read
 * at most every GRANT_STATE_TTL_MS (grant-state-cache.ts), both invalidated by the database's
 * notifications (oauth-state-notifications.ts). Expiry is checked on every call with the same 30 s
 * tolerance as the signature path. Staleness: see GRANT_STATE_TTL_MS. The issuer and audience come
 * with each call (the request's site URL: a loopback alias in development is its own issuer), and
 * the cache is keyed by them.
 */
export function createAccessTokenVerifier(
  caches: OAuthCaches,
): (token: string, options: VerifyAccessTokenOptions) => Promise<OAuthPrincipal | undefined> {
  return async (token, options) => {
    const { em, now, issuer, audience, scopes = mcpScopes } = options;
    const resource = { issuer, audience, scopes };
    if (token.length > MAX_TOKEN_LENGTH) return undefined;
    const key = verifiedTokenKey(token, resource.issuer, resource.audience);
    let claims = caches.verifiedTokens.get(key)?.value;
    if (!claims) {
      claims = await verifySignedClaims(token, { em, now, ...resource, signingKeys: caches.signingKeys });
      if (!claims) return undefined;
      caches.verifiedTokens.set(key, claims);
    }
    if (claims.exp <= Math.floor(now.getTime() / 1000) - CLOCK_TOLERANCE_SECONDS) return undefined;
    return principalOf(claims, await standingGrant(caches.grantStates, em, claims.grantId));
  };
}
