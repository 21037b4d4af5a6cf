import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';
import type { AgentTaskRow } from './agent-tasks.query.ts';

/**
 * Whose tasks a listing reads (core/services/a2a/caller.ts): a grant's own (optionally of one
 * context), or the anonymous tasks of one context.
 */
export type TaskListScope = { ownerGrantId: string; contextId?: string } | { ownerGrantId: null; contextId: string };

/** The filters of ListTasks besides the scope; every one optional. */
export interface TaskListFilters {
  state?: string;
  /** ISO 8601: tasks whose status changed at or after it. */
  statusChangedSince?: string;
}

/**
 * The shared where clause. The grant path reads agent_tasks_owner_status_idx (partial on owner not
 * null, which `owner_grant_id = ?` implies), the anonymous path agent_tasks_context_status_idx; both
 * are ordered by status_seq desc, so a page is an index range scan stopping after pageSize + 1 rows.
 */
function whereClause(scope: TaskListScope, filters: TaskListFilters, now: Date): SqlQuery {
  const conditions = ['expires_at > ?::timestamptz'];
  const params: unknown[] = [now.toISOString()];
  if (scope.ownerGrantId === null) conditions.push('owner_grant_id is null');
  else {
    conditions.push('owner_grant_id = ?::uuid');
    params.push(scope.ownerGrantId);
  }
  if (scope.contextId !== undefined) {
    conditions.push('context_id = ?');
    params.push(scope.contextId);
  }
  if (filters.state !== undefined) {
    conditions.push('state = ?');
    params.push(filters.state);
  }
  if (filters.statusChangedSince !== undefined) {
    conditions.push('updated_at >= ?::timestamptz');
    params.push(filters.statusChangedSince);
  }
  return { sql: conditions.join(' and '), params };
}

/**
 * One page of tasks, newest status first: those with a status_seq below `before` (the last one the
 * previous page showed; none on the first page), at most `limit` rows. A task whose status changes
 * while a client pages takes a new, higher status_seq and so moves above the cursor: it is neither
 * repeated nor does it shift the rows of the pages still to come. Artifacts are read only when asked.
 */
export async function listAgentTasks(
  source: SqlSource,
  request: {
    scope: TaskListScope;
    filters: TaskListFilters;
    before: string | undefined;
    limit: number;
    withArtifacts: boolean;
    now: Date;
  },
): Promise<AgentTaskRow[]> {
  const where = whereClause(request.scope, request.filters, request.now);
  const cursor = request.before === undefined ? '' : ' and status_seq < ?::bigint';
  const artifacts = request.withArtifacts ? 'artifacts' : `'[]'::json as artifacts`;
  return runQuery<AgentTaskRow>(source, {
    sql: `select id, context_id, state, skill, history, ${artifacts}, created_at, updated_at, owner_grant_id, status_seq
            from agent_tasks where ${where.sql}${cursor}
           order by status_seq desc limit ?`,
    params: [...where.params, ...(request.before === undefined ? [] : [request.before]), request.limit],
  });
}

/**
 * How many tasks the listing holds, counting at most `cap` + 1 of them: the count reads the same
 * index range as a page does, so a bound keeps a caller with a very large list from making every
 * first page a scan of all of it.
 */
export async function countAgentTasks(
  source: SqlSource,
  request: { scope: TaskListScope; filters: TaskListFilters; cap: number; now: Date },
): Promise<number> {
  const where = whereClause(request.scope, request.filters, request.now);
  const [row] = await runQuery<{ total: number }>(source, {
    sql: `select count(*)::int as total from (select 1 from agent_tasks where ${where.sql} limit ?) bounded`,
    params: [...where.params, request.cap + 1],
  });
  return row?.total ?? 0;
}
