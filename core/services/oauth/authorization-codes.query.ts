import { runQuery, type SqlSource } from '../sql/query.ts';
import { ACTIVE_KID_COLUMN } from './signing-keys.query.ts';

/** Stores an authorization code of a grant by its hash. */
export async function insertAuthorizationCode(
  source: SqlSource,
  code: { codeHash: string; grantId: string; redirectUri: string; codeChallenge: string; expiresAt: Date; now: Date },
): Promise<void> {
  await runQuery(source, {
    sql: `insert into oauth_authorization_codes (code_hash, grant_id, redirect_uri, code_challenge, expires_at, created_at)
            values (?, ?, ?, ?, ?::timestamptz, ?::timestamptz)`,
    params: [
      code.codeHash,
      code.grantId,
      code.redirectUri,
      code.codeChallenge,
      code.expiresAt.toISOString(),
      code.now.toISOString(),
    ],
  });
}

/** A code with its grant, as the exchange checks it. */
export interface CodeForExchange {
  grant_id: string;
  redirect_uri: string;
  code_challenge: string;
  expires_at: Date;
  used_at: Date | null;
  client_id: string;
  user_id: string;
  business_id: string;
  scope: string;
  resource: string;
  revoked_at: Date | null;
  /** Whether the grant's user is still a member of its business. */
  is_member: boolean;
  /** The kid of the key that signs now (see ACTIVE_KID_COLUMN); null before the first key exists. */
  active_kid: string | null;
}

/**
 * The code with this hash and its grant, its row locked (`for update`) until the transaction ends:
 * of two concurrent exchanges one waits, then sees the code used. The active signing key's id comes
 * along, saving the exchange a round trip. Run it inside a transaction.
 */
export async function lockCodeForExchange(tx: SqlSource, codeHash: string): Promise<CodeForExchange | undefined> {
  const [row] = await runQuery<CodeForExchange>(tx, {
    sql: `select c.grant_id, c.redirect_uri, c.code_challenge, c.expires_at, c.used_at,
                   g.client_id, g.user_id, g.business_id, g.scope, g.resource, g.revoked_at,
                   exists (select 1 from memberships m where m.business_id = g.business_id and m.user_id = g.user_id) as is_member,
                   ${ACTIVE_KID_COLUMN}
            from oauth_authorization_codes c
            join oauth_grants g on g.id = c.grant_id
            where c.code_hash = ?
            for update of c`,
    params: [codeHash],
  });
  return row;
}

/** Marks the code used. */
export async function markCodeUsed(source: SqlSource, codeHash: string, now: Date): Promise<void> {
  await runQuery(source, {
    sql: 'update oauth_authorization_codes set used_at = ?::timestamptz where code_hash = ?',
    params: [now.toISOString(), codeHash],
  });
}
