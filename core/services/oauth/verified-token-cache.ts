import { createHash } from 'node:crypto';
import { ExpiringEntries } from './expiring-entries.ts';

/**
 * Access tokens whose signature, issuer, audience and type were verified, by a hash of the token
 * (never the token itself), so a token presented again skips the ES256 verification (~0.5 ms).
 * Safe because nothing in a verified JWT can change: expiry is checked on every use, and the grant
 * (revocation, membership, client) is checked on every use against the grant-state cache.
 *
 * An entry lives until the token expires, and at most VERIFIED_TOKEN_TTL_MS: the same minute for
 * which a key's publication window is trusted (signing-keys.ts), so a key withdrawn on another
 * instance is not honoured later with the cache than without. A signing-key notification, or a gap
 * in notifications, clears the cache. At most VERIFIED_TOKEN_LIMIT entries (about 500 bytes each:
 * about 5 MB); the oldest goes first.
 */
const VERIFIED_TOKEN_TTL_MS = 60_000;
const VERIFIED_TOKEN_LIMIT = 10_000;

/** The claims of a verified access token that the grant check and the principal need. */
export interface VerifiedClaims {
  userId: string;
  clientId: string;
  businessId: string;
  grantId: string;
  jti: string;
  scopes: string[];
  /** `exp`, in seconds since the epoch. */
  exp: number;
}

/** Verified claims by token hash; one per app (CoreServices.caches.oauth), emptied by its key notifications. */
export type VerifiedTokenCache = ExpiringEntries<VerifiedClaims>;

export function createVerifiedTokenCache(): VerifiedTokenCache {
  return new ExpiringEntries<VerifiedClaims>(VERIFIED_TOKEN_TTL_MS, VERIFIED_TOKEN_LIMIT);
}

/** The cache key: the token for this issuer and audience (a verifier of another resource never shares it). */
export function verifiedTokenKey(token: string, issuer: string, audience: string): string {
  return createHash('sha256')
    .update(issuer)
    .update('\0')
    .update(audience)
    .update('\0')
    .update(token)
    .digest('base64url');
}
