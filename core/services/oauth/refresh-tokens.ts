import type { EntityManager } from '@mikro-orm/postgresql';
import { hashOAuthSecret, newOAuthSecret } from './authorization-codes.ts';
import { insertRefreshToken, type RefreshTokenConsumption } from './refresh-tokens.query.ts';

/** Lifetime of each refresh token; every rotation issues a new one with a full lifetime (sliding). */
const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * How long after its rotation a refresh token may be presented again without revoking the grant
 * (at most 10 seconds, as the protocol design fixes it; docs/security.md). Concurrent refreshes of one client (two tabs, a retry after a
 * lost response) then get the same successor refresh token the rotation issued, with a fresh access
 * token, instead of ending the session (see exchangeRefreshToken).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

export interface IssuedRefreshToken {
  token: string;
  hash: string;
  expiresAt: Date;
}

/** A new refresh token's secret, its hash (what is stored) and its expiry; `token` when derived (a rotation). */
export function newRefreshToken(now: Date, token: string = newOAuthSecret()): IssuedRefreshToken {
  return { token, hash: hashOAuthSecret(token), expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000) };
}

/**
 * A new refresh token of the grant for `scope`; only its SHA-256 is stored. `token` is the secret
 * to store (a rotation's derived successor); a random one when omitted (a code exchange).
 * `consumes` is the refresh token it replaces, marked in the same statement.
 */
export async function issueRefreshToken(
  em: EntityManager,
  input: { grantId: string; scope: string; now: Date; token?: string; consumes?: RefreshTokenConsumption },
): Promise<IssuedRefreshToken> {
  const { token, hash, expiresAt } = newRefreshToken(input.now, input.token);
  await insertRefreshToken(
    em,
    { hash, grantId: input.grantId, scope: input.scope, expiresAt, now: input.now },
    input.consumes,
  );
  return { token, hash, expiresAt };
}
