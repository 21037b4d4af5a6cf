import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiToken, type IApiToken } from '../../../orm/entities/accounts/api-token.ts';
import { hashApiToken } from '../../auth/api-token.ts';
import { runQuery } from '../sql/query.ts';

/**
 * "The token still works": not revoked, and no expiry or one still ahead (an expired token is
 * refused exactly like a revoked one). Written once per form it is needed in, all three here: the
 * SQL condition of the bearer lookup (one `?`: now), the entity filter of the listing, and the
 * `status` of a token as listings show it.
 */
const ACTIVE_API_TOKEN_SQL = 'revoked_at is null and (expires_at is null or expires_at > ?::timestamptz)';

function activeApiTokenFilter(now: Date) {
  return { revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] };
}

export type ApiTokenStatus = 'active' | 'expired' | 'revoked';

export function apiTokenStatus(token: Pick<IApiToken, 'revokedAt' | 'expiresAt'>, now: Date): ApiTokenStatus {
  const expired = token.expiresAt != null && token.expiresAt.getTime() <= now.getTime();
  return token.revokedAt ? 'revoked' : expired ? 'expired' : 'active';
}

export interface ActiveApiToken {
  id: string;
  businessId: string;
  scopes: string[];
}

/** How stale `last_used_at` may get before a use writes it again (one write a minute per token, not one per request). */
const LAST_USED_RESOLUTION_SECONDS = 60;

/**
 * The unrevoked, unexpired token with this value, found by its hash; undefined for anything else
 * (an expired token is refused exactly like a revoked one).
 */
export async function findActiveApiToken(
  em: EntityManager,
  token: string,
  now: Date,
): Promise<ActiveApiToken | undefined> {
  const rows = await runQuery<{ id: string; business_id: string; scopes: string[]; stale: boolean }>(em, {
    sql: `select id, business_id, scopes,
            (last_used_at is null or last_used_at < ?::timestamptz - make_interval(secs => ?)) as stale
          from api_tokens
          where token_hash = ? and ${ACTIVE_API_TOKEN_SQL}`,
    params: [now.toISOString(), LAST_USED_RESOLUTION_SECONDS, hashApiToken(token), now.toISOString()],
  });
  const row = rows[0];
  if (!row) return undefined;
  if (row.stale) {
    await runQuery(em, {
      sql: 'update api_tokens set last_used_at = ? where id = ?',
      params: [now.toISOString(), row.id],
    });
  }
  return { id: row.id, businessId: row.business_id, scopes: row.scopes };
}

/** A token as listings read it: every column but the hash. */
export type ListedApiToken = Omit<IApiToken, 'tokenHash'>;

/** The tokens of a business, newest first, without their hashes; only the active ones unless `includeRevoked`. */
export async function findApiTokensOfBusiness(
  em: EntityManager,
  businessId: string,
  options: { includeRevoked: boolean; now: Date },
): Promise<ListedApiToken[]> {
  return em.find(
    ApiToken,
    { businessId, ...(options.includeRevoked ? {} : activeApiTokenFilter(options.now)) },
    { exclude: ['tokenHash'], orderBy: { createdAt: 'desc', id: 'desc' } },
  );
}

/** The token with this id, without its hash; null when there is none. */
export async function findApiToken(em: EntityManager, id: string): Promise<ListedApiToken | null> {
  return em.findOne(ApiToken, { id }, { exclude: ['tokenHash'] });
}

export interface NewApiToken {
  businessId: string;
  name: string;
  tokenPrefix: string;
  tokenHash: string;
  scopes: string[];
  createdBy: string | null;
  createdAt: Date;
  expiresAt: Date | null;
}

/** Stores a new token (one flush of the unit of work). */
export async function insertApiToken(em: EntityManager, values: NewApiToken): Promise<IApiToken> {
  const token = em.create(ApiToken, values);
  await em.flush();
  return token;
}

/**
 * Sets revoked_at on the token unless it is revoked already. A conditional update, so two
 * concurrent revocations cannot both claim to be the first: answers whether this one was.
 */
export async function markApiTokenRevoked(em: EntityManager, id: string, now: Date): Promise<boolean> {
  return (await em.nativeUpdate(ApiToken, { id, revokedAt: null }, { revokedAt: now })) > 0;
}
