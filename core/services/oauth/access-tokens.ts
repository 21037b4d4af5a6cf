import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';
import { z } from 'zod';
import { mcpScopes } from '../../auth/scopes.ts';
import type { Principal } from '../../context.ts';
import { findStandingGrant } from './grants.query.ts';
import { ensureActiveSigningKey, findPublishedKey, SIGNING_ALG } from './signing-keys.ts';

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
  /** The resource the token is for (`{base_url}/v1/mcp`): the `aud`. */
  audience: string;
  userId: string;
  businessId: string;
  clientId: string;
  /** Space-separated MCP scopes. */
  scope: string;
  grantId: string;
  ttlSeconds: number;
}

export interface MintedAccessToken {
  token: string;
  /** Seconds until it expires (the token response's `expires_in`). */
  expiresIn: number;
  jti: string;
}

const mcpScopeSet: ReadonlySet<string> = new Set(mcpScopes);

function scopeList(scope: string): string[] {
  return [...new Set(scope.split(' ').filter((entry) => entry.length > 0))];
}

/**
 * An access token as an RFC 9068 JWT signed with the active ES256 key: header
 * `{alg: ES256, kid, typ: at+jwt}`, claims iss, aud, sub (the user), client_id, scope,
 * business_id, grant_id, iat, exp and a random jti. Only MCP scopes can be put in one.
 */
export async function mintAccessToken(input: MintAccessTokenInput): Promise<MintedAccessToken> {
  const scopes = scopeList(input.scope);
  const foreign = scopes.filter((scope) => !mcpScopeSet.has(scope));
  if (scopes.length === 0 || foreign.length > 0)
    throw new Error(`access tokens carry MCP scopes only, got "${input.scope}"`);
  const { kid, privateKey } = await ensureActiveSigningKey(input.em, input.kek, input.now);
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
}

const ZAccessTokenClaims = z.object({
  sub: z.guid(),
  client_id: z.string().min(1).max(64),
  scope: z.string().max(500),
  business_id: z.guid(),
  grant_id: z.guid(),
  jti: z.string().min(1).max(100),
});

/** A token we do not accept, for a reason of our own (as opposed to jose's errors). */
class Rejected extends Error {}

const MAX_KID_LENGTH = 64;

/**
 * The principal an access token proves, or undefined for any token we do not accept: malformed,
 * another algorithm than ES256 (so `none`, HS256 and the rest are refused before any key is
 * looked up), an unknown or unpublished kid, a bad signature, another issuer or audience, a typ
 * other than at+jwt, expired (30 s tolerance), missing claims, or a grant that is revoked, gone,
 * or no longer matches the token (client, user, business), or whose client is deleted, or whose
 * user is no longer a member of the business.
 *
 * Does NOT cover: a database failure is not a bad token, so it is thrown (the transport answers
 * 503) rather than turned into a 401 that would send the client back through authorization.
 */
export async function verifyAccessToken(
  token: string,
  options: VerifyAccessTokenOptions,
): Promise<OAuthPrincipal | undefined> {
  const { em, now } = options;
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
        const key = await findPublishedKey(em, header.kid, now);
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
    if (!claims.success) return undefined;
    const { sub: userId, client_id: clientId, business_id: businessId, grant_id: grantId, jti } = claims.data;
    const grant = await findStandingGrant(em, grantId);
    const sameUuid = (stored: string, claimed: string) => stored.toLowerCase() === claimed.toLowerCase();
    if (
      !grant ||
      grant.client_id !== clientId ||
      !sameUuid(grant.user_id, userId) ||
      !sameUuid(grant.business_id, businessId)
    )
      return undefined;
    const scopes = scopeList(claims.data.scope).filter((scope) => mcpScopeSet.has(scope));
    return {
      kind: 'oauth',
      businessId: grant.business_id,
      userId: grant.user_id,
      clientId: grant.client_id,
      tokenId: jti,
      scopes,
    };
  } catch (error) {
    if (error instanceof Rejected || error instanceof joseErrors.JOSEError) return undefined;
    throw error;
  }
}
