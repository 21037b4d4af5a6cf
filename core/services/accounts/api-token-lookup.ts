import type { EntityManager } from '@mikro-orm/postgresql';
import { hashApiToken } from '../../auth/api-token.ts';
import { runQuery } from '../sql/query.ts';

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
export async function findActiveApiToken(em: EntityManager, token: string, now: Date): Promise<ActiveApiToken | undefined> {
  const rows = await runQuery<{ id: string; business_id: string; scopes: string[]; stale: boolean }>(em, {
    sql: `select id, business_id, scopes,
            (last_used_at is null or last_used_at < ?::timestamptz - make_interval(secs => ?)) as stale
          from api_tokens
          where token_hash = ? and revoked_at is null and (expires_at is null or expires_at > ?::timestamptz)`,
    params: [now.toISOString(), LAST_USED_RESOLUTION_SECONDS, hashApiToken(token), now.toISOString()],
  });
  const row = rows[0];
  if (!row) return undefined;
  if (row.stale) {
    await runQuery(em, { sql: 'update api_tokens set last_used_at = ? where id = ?', params: [now.toISOString(), row.id] });
  }
  return { id: row.id, businessId: row.business_id, scopes: row.scopes };
}
