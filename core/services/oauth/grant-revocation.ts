import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../sql/query.ts';

/**
 * Revokes a grant: every access token (verifyAccessToken checks the grant), refresh token and
 * unexchanged code issued from it stops working at once. Conditional, so concurrent revocations
 * keep the first time; answers whether this call revoked it. With `clientId`, only a grant of that
 * client is touched (token revocation by a client never reaches another client's grant).
 */
export async function revokeGrant(em: EntityManager, grantId: string, now: Date, options: { clientId?: string } = {}): Promise<boolean> {
  const rows = await runQuery<{ id: string }>(em, {
    sql: `update oauth_grants set revoked_at = ?::timestamptz
          where id = ? and revoked_at is null${options.clientId === undefined ? '' : ' and client_id = ?'}
          returning id`,
    params: [now.toISOString(), grantId, ...(options.clientId === undefined ? [] : [options.clientId])],
  });
  return rows.length > 0;
}
