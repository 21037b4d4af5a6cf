import type { AgentTaskRow } from '../agent-tasks/agent-tasks.query.ts';
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
  /** The stored task the answer is rebuilt from, instead of a body. */
  task_id: string | null;
  task: AgentTaskRow | null;
}

/** A key: whose (owner), at which endpoint (scope), and the client's key. */
export interface KeyIdentity {
  owner: string;
  scope: string;
  key: string;
}

export interface NewClaim extends KeyIdentity {
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
    sql: `insert into idempotency_keys as k (owner, scope, key, fingerprint, state, claim_token, locked_until, created_at, expires_at)
            values (?, ?, ?, ?, 'in_progress', ?::uuid, ?::timestamptz, ?::timestamptz, ?::timestamptz)
            on conflict (owner, scope, key) do update
              set fingerprint = excluded.fingerprint, state = 'in_progress', claim_token = excluded.claim_token,
                  locked_until = excluded.locked_until, response_status = null, response_headers = null,
                  response_body = null, task_id = null, created_at = excluded.created_at, expires_at = excluded.expires_at
              where k.expires_at <= excluded.created_at
                 or (k.state = 'in_progress' and k.locked_until <= excluded.created_at and k.fingerprint = excluded.fingerprint)
            returning (k.xmax = 0) as inserted`,
    params: [
      claim.owner,
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

type KeyRowAsRead = Omit<IdempotencyKeyRow, 'locked_until' | 'created_at' | 'expires_at' | 'task'> & {
  locked_until: Instant | null;
  created_at: Instant;
  expires_at: Instant;
  task_context_id: string | null;
  task_state: AgentTaskRow['state'] | null;
  task_skill: string | null;
  task_history: unknown[] | null;
  task_artifacts: unknown[] | null;
  task_created_at: Instant | null;
  task_updated_at: Instant | null;
  task_owner_grant_id: string | null;
  task_status_seq: string | null;
};

/** The stored task a row references, as its own row (the foreign key guarantees it exists). */
function referencedTask(row: KeyRowAsRead): AgentTaskRow | null {
  if (row.task_id === null) return null;
  return {
    id: row.task_id,
    context_id: row.task_context_id!,
    state: row.task_state!,
    skill: row.task_skill,
    history: row.task_history!,
    artifacts: row.task_artifacts!,
    created_at: row.task_created_at!,
    updated_at: row.task_updated_at!,
    owner_grant_id: row.task_owner_grant_id,
    status_seq: row.task_status_seq!,
  };
}

/**
 * The row of a key, if there is one (instants as Dates: the driver may hand them over as text), with
 * the stored task its answer references, read in the same statement.
 */
export async function readIdempotencyKey(
  source: SqlSource,
  { owner, scope, key }: KeyIdentity,
): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await runQuery<KeyRowAsRead>(source, {
    sql: `select k.state, k.fingerprint, k.locked_until, k.created_at, k.expires_at, k.response_status,
                 k.response_headers, k.response_body, k.task_id, t.context_id as task_context_id,
                 t.state as task_state, t.skill as task_skill, t.history as task_history,
                 t.artifacts as task_artifacts, t.created_at as task_created_at, t.updated_at as task_updated_at,
                 t.owner_grant_id as task_owner_grant_id, t.status_seq as task_status_seq
            from idempotency_keys k left join agent_tasks t on t.id = k.task_id
           where k.owner = ? and k.scope = ? and k.key = ?`,
    params: [owner, scope, key],
  });
  if (!row) return undefined;
  return {
    state: row.state,
    fingerprint: row.fingerprint,
    locked_until: row.locked_until === null ? null : new Date(row.locked_until),
    created_at: new Date(row.created_at),
    expires_at: new Date(row.expires_at),
    response_status: row.response_status,
    response_headers: row.response_headers,
    response_body: row.response_body,
    task_id: row.task_id,
    task: referencedTask(row),
  };
}

/**
 * Stores the answer of a claimed execution and starts its retention, if the claim still holds the
 * key (a claim whose lease ran out may have been taken over: then nothing changes). Answers whether it stored.
 */
export async function completeIdempotencyKey(
  source: SqlSource,
  completion: KeyIdentity & {
    claimToken: string;
    status: number;
    headers: Record<string, string>;
    /** The answer: its body, or the stored task it is rebuilt from. */
    answer: { body: string } | { taskId: string };
    expiresAt: Date;
  },
): Promise<boolean> {
  const rows = await runQuery(source, {
    sql: `update idempotency_keys
            set state = 'completed', locked_until = null, response_status = ?, response_headers = ?::jsonb,
                response_body = ?, task_id = ?::uuid, expires_at = ?::timestamptz
            where owner = ? and scope = ? and key = ? and claim_token = ?::uuid and state = 'in_progress'
            returning scope`,
    params: [
      completion.status,
      JSON.stringify(completion.headers),
      'body' in completion.answer ? completion.answer.body : null,
      'taskId' in completion.answer ? completion.answer.taskId : null,
      completion.expiresAt.toISOString(),
      completion.owner,
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
  release: KeyIdentity & { claimToken: string },
): Promise<boolean> {
  const rows = await runQuery(source, {
    sql: `delete from idempotency_keys
            where owner = ? and scope = ? and key = ? and claim_token = ?::uuid and state = 'in_progress'
            returning scope`,
    params: [release.owner, release.scope, release.key, release.claimToken],
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
            delete from idempotency_keys where (owner, scope, key) in (
              select owner, scope, key from idempotency_keys where expires_at <= ?::timestamptz
              order by expires_at limit ? for update skip locked)
            returning 1)
          select count(*)::int as deleted from swept`,
    params: [now.toISOString(), limit],
  });
  return row!.deleted;
}
