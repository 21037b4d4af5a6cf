import { runQuery, type SqlSource } from '../../sql/query.ts';

/** Deletes every session that expired by `now` (an index on expires_at keeps that cheap). */
export async function deleteExpiredBrowserSessions(source: SqlSource, now: Date): Promise<void> {
  await runQuery(source, {
    sql: 'delete from oauth_browser_sessions where expires_at <= ?::timestamptz',
    params: [now.toISOString()],
  });
}

/** Stores a session by the hash of its secret. */
export async function insertBrowserSession(
  source: SqlSource,
  session: { idHash: string; userId: string; expiresAt: Date; now: Date },
): Promise<void> {
  await runQuery(source, {
    sql: 'insert into oauth_browser_sessions (id_hash, user_id, expires_at, created_at) values (?, ?, ?::timestamptz, ?::timestamptz)',
    params: [session.idHash, session.userId, session.expiresAt.toISOString(), session.now.toISOString()],
  });
}

/** The user of the session with this hash while it lasts; undefined otherwise. */
export async function findBrowserSessionUser(
  source: SqlSource,
  idHash: string,
  now: Date,
): Promise<{ user_id: string; email: string; name: string } | undefined> {
  const [row] = await runQuery<{ user_id: string; email: string; name: string }>(source, {
    sql: `select u.id as user_id, u.email, u.name
            from oauth_browser_sessions s join users u on u.id = s.user_id
           where s.id_hash = ? and s.expires_at > ?::timestamptz`,
    params: [idHash, now.toISOString()],
  });
  return row;
}

/** Deletes the session with this hash. */
export async function deleteBrowserSession(source: SqlSource, idHash: string): Promise<void> {
  await runQuery(source, { sql: 'delete from oauth_browser_sessions where id_hash = ?', params: [idHash] });
}

/** Deletes every session of a user (a password reset signs them out everywhere); answers how many. */
export async function deleteUserBrowserSessions(source: SqlSource, userId: string): Promise<number> {
  const rows = await runQuery(source, {
    sql: 'delete from oauth_browser_sessions where user_id = ? returning id_hash',
    params: [userId],
  });
  return rows.length;
}
