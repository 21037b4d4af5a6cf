import { runQuery, type SqlSource } from '../sql/query.ts';

/** A key's row as a claim that did not win reads it. */
export interface IdempotencyKeyRow {
  state: 'in_progress' | 'completed';
  fingerprint: string;
  locked_until: Date | null;
  created_at: Date;
  expires_at: Date;
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
}

export interface NewClaim {
  scope: string;
  key: string;
  fingerprint: string;
  claimToken: string;
  now: Date;
  lockedUntil: Date;
  expiresAt: Date;
}

/**
 * Claims a key for one execution, atomically, in one statement: inserts the in-progress row, or
 * takes the existing row over when it is free again (expired; or its lease ran out and this is the
 * same request, whose first attempt died), all under the row lock `on conflict do update` holds, so
 * of any number of concurrent claims exactly one wins. Answers whether this claim won, and whether
 * it took a row over (for the log); a claim that did not win reads the row (readIdempotencyKey).
 */
export async function claimIdempotencyKey(
  source: SqlSource,
  claim: NewClaim,
): Promise<{ won: false } | { won: true; tookOver: boolean }> {
  const [row] = await runQuery<{ inserted: boolean }>(source, {
    sql: `insert into idempotency_keys as k (scope, key, fingerprint, state, claim_token, locked_until, created_at, expires_at)
            values (?, ?, ?, 'in_progress', ?::uuid, ?::timestamptz, ?::timestamptz, ?::timestamptz)
            on conflict (scope, key) do update
              set fingerprint = excluded.fingerprint, state = 'in_progress', claim_token = excluded.claim_token,
                  locked_until = excluded.locked_until, response_status = null, response_headers = null,
                  response_body = null, created_at = excluded.created_at, expires_at = excluded.expires_at
              where k.expires_at <= excluded.created_at
                 or (k.state = 'in_progress' and k.locked_until <= excluded.created_at and k.fingerprint = excluded.fingerprint)
            returning (k.xmax = 0) as inserted`,
    params: [
      claim.scope,
      claim.key,
      claim.fingerprint,
      claim.claimToken,
      claim.lockedUntil.toISOString(),
      claim.now.toISOString(),
      claim.expiresAt.toISOString(),
    ],
  });
  return row ? { won: true, tookOver: !row.inserted } : { won: false };
}

type Instant = Date | string;

/** The row of a key, if there is one (instants as Dates: the driver may hand them over as text). */
export async function readIdempotencyKey(
  source: SqlSource,
  scope: string,
  key: string,
): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await runQuery<
    Omit<IdempotencyKeyRow, 'locked_until' | 'created_at' | 'expires_at'> & {
      locked_until: Instant | null;
      created_at: Instant;
      expires_at: Instant;
    }
  >(source, {
    sql: `select state, fingerprint, locked_until, created_at, expires_at, response_status, response_headers, response_body
            from idempotency_keys where scope = ? and key = ?`,
    params: [scope, key],
  });
  if (!row) return undefined;
  return {
    ...row,
    locked_until: row.locked_until === null ? null : new Date(row.locked_until),
    created_at: new Date(row.created_at),
    expires_at: new Date(row.expires_at),
  };
}

/**
 * Stores the answer of a claimed execution and starts its retention, if the claim still holds the
 * key (a claim whose lease ran out may have been taken over: then nothing changes). Answers whether it stored.
 */
export async function completeIdempotencyKey(
  source: SqlSource,
  completion: {
    scope: string;
    key: string;
    claimToken: string;
    status: number;
    headers: Record<string, string>;
    body: string;
    expiresAt: Date;
  },
): Promise<boolean> {
  const rows = await runQuery(source, {
    sql: `update idempotency_keys
            set state = 'completed', locked_until = null, response_status = ?, response_headers = ?::jsonb,
                response_body = ?, expires_at = ?::timestamptz
            where scope = ? and key = ? and claim_token = ?::uuid and state = 'in_progress'
            returning scope`,
    params: [
      completion.status,
      JSON.stringify(completion.headers),
      completion.body,
      completion.expiresAt.toISOString(),
      completion.scope,
      completion.key,
      completion.claimToken,
    ],
  });
  return rows.length > 0;
}

/** Deletes the in-progress row of a claim whose execution is not to be kept, if the claim still holds it. */
export async function releaseIdempotencyKey(
  source: SqlSource,
  release: { scope: string; key: string; claimToken: string },
): Promise<boolean> {
  const rows = await runQuery(source, {
    sql: `delete from idempotency_keys where scope = ? and key = ? and claim_token = ?::uuid and state = 'in_progress'
            returning scope`,
    params: [release.scope, release.key, release.claimToken],
  });
  return rows.length > 0;
}

/**
 * Deletes up to `limit` rows expired at `now`, oldest first, and answers how many. Rows another
 * sweeper or a claim has locked are skipped (`skip locked`), so concurrent instances never wait on each other.
 */
export async function deleteExpiredIdempotencyKeys(source: SqlSource, now: Date, limit: number): Promise<number> {
  const [row] = await runQuery<{ deleted: number }>(source, {
    sql: `with swept as (
            delete from idempotency_keys where (scope, key) in (
              select scope, key from idempotency_keys where expires_at <= ?::timestamptz
              order by expires_at limit ? for update skip locked)
            returning 1)
          select count(*)::int as deleted from swept`,
    params: [now.toISOString(), limit],
  });
  return row!.deleted;
}
