import { runQuery, type SqlSource } from '../sql/query.ts';
import { ACTIVE_KID_COLUMN } from './signing-keys.query.ts';

/**
 * What a new refresh token replaces, written in the same statement as the token (one round trip
 * instead of two): the refresh token it succeeds (marked used at `now`, replaced by the new one).
 * The caller holds that row's lock. (A code exchange stores its refresh token in the statement that
 * redeems the code: redeemAuthorizationCode.)
 */
export type RefreshTokenConsumption = { rotatedHash: string };

function consumptionSql(
  consumes: RefreshTokenConsumption | undefined,
  token: { hash: string; now: Date },
): { sql: string; params: unknown[] } {
  if (consumes === undefined) return { sql: '', params: [] };
  return {
    sql: 'with consumed as (update oauth_refresh_tokens set used_at = ?::timestamptz, replaced_by = ? where token_hash = ?) ',
    params: [token.now.toISOString(), token.hash, consumes.rotatedHash],
  };
}

/** Stores a refresh token of a grant by its hash, consuming what it replaces in the same statement. */
export async function insertRefreshToken(
  source: SqlSource,
  token: { hash: string; grantId: string; scope: string; expiresAt: Date; now: Date },
  consumes?: RefreshTokenConsumption,
): Promise<void> {
  const consumption = consumptionSql(consumes, token);
  await runQuery(source, {
    sql: `${consumption.sql}insert into oauth_refresh_tokens (token_hash, grant_id, scope, expires_at, created_at)
          values (?, ?, ?, ?::timestamptz, ?::timestamptz)`,
    params: [
      ...consumption.params,
      token.hash,
      token.grantId,
      token.scope,
      token.expiresAt.toISOString(),
      token.now.toISOString(),
    ],
  });
}

/** A refresh token with its grant, as the exchange checks it. */
export interface RefreshTokenForExchange {
  grant_id: string;
  scope: string;
  expires_at: Date;
  used_at: Date | null;
  client_id: string;
  user_id: string;
  business_id: string;
  resource: string;
  revoked_at: Date | null;
  /** The user's membership role in the grant's business now; null once they left it. */
  member_role: string | null;
  /** The successor's hash, once the token was rotated. */
  replaced_by: string | null;
  /** The kid of the key that signs now (see ACTIVE_KID_COLUMN); null before the first key exists. */
  active_kid: string | null;
}

/**
 * The refresh token with this hash and its grant, its row locked (`for update`) until the
 * transaction ends, so concurrent refreshes of one token are serialised. The active signing key's id
 * comes along, saving the exchange a round trip. Run it inside a transaction.
 */
export async function lockRefreshTokenForExchange(
  tx: SqlSource,
  tokenHash: string,
): Promise<RefreshTokenForExchange | undefined> {
  const [row] = await runQuery<RefreshTokenForExchange>(tx, {
    sql: `select t.grant_id, t.scope, t.expires_at, t.used_at, t.replaced_by,
                   g.client_id, g.user_id, g.business_id, g.resource, g.revoked_at,
                   (select m.role from memberships m where m.business_id = g.business_id and m.user_id = g.user_id) as member_role,
                   ${ACTIVE_KID_COLUMN}
            from oauth_refresh_tokens t
            join oauth_grants g on g.id = t.grant_id
            where t.token_hash = ?
            for update of t`,
    params: [tokenHash],
  });
  return row;
}

/** The scope of the refresh token with this hash; undefined when there is none. */
export async function findRefreshTokenScope(
  source: SqlSource,
  tokenHash: string,
): Promise<{ scope: string } | undefined> {
  const [row] = await runQuery<{ scope: string }>(source, {
    sql: 'select scope from oauth_refresh_tokens where token_hash = ?',
    params: [tokenHash],
  });
  return row;
}

/** The grant of the refresh token with this hash and the client it was issued to; undefined when there is none. */
export async function findRefreshTokenOwner(
  source: SqlSource,
  tokenHash: string,
): Promise<{ grantId: string; clientId: string } | undefined> {
  const rows = await runQuery<{ grant_id: string; client_id: string }>(source, {
    sql: `select t.grant_id, g.client_id from oauth_refresh_tokens t join oauth_grants g on g.id = t.grant_id where t.token_hash = ?`,
    params: [tokenHash],
  });
  const row = rows[0];
  return row ? { grantId: row.grant_id, clientId: row.client_id } : undefined;
}
