import { runQuery, type SqlSource } from '../sql/query.ts';

/** What one table of agent answers holds. */
export interface StorageUsageRow {
  table: 'agent_tasks' | 'idempotency_keys';
  rows: number;
  /** The answer columns' bytes as stored (compressed where they are): pg_column_size summed. */
  answer_bytes: number;
  /** The whole table: rows, TOAST, indexes, and space not yet vacuumed (pg_total_relation_size). */
  table_bytes: number;
}

/**
 * What the agent endpoints make the database keep: the A2A tasks (their messages and artifacts) and
 * the Idempotency-Key answers (a body, or a task's id and no body). A full scan of both tables, for
 * an administrator; sizes as float8, exact below 2^53 bytes.
 */
export async function agentStorageUsage(source: SqlSource): Promise<StorageUsageRow[]> {
  return runQuery<StorageUsageRow>(source, {
    sql: `select 'agent_tasks' as "table", count(*)::int as rows,
                 coalesce(sum(pg_column_size(history) + pg_column_size(artifacts)), 0)::float8 as answer_bytes,
                 pg_total_relation_size('agent_tasks')::float8 as table_bytes
            from agent_tasks
          union all
          select 'idempotency_keys', count(*)::int,
                 coalesce(sum(coalesce(pg_column_size(response_body), 0) + coalesce(pg_column_size(response_headers), 0)), 0)::float8,
                 pg_total_relation_size('idempotency_keys')::float8
            from idempotency_keys`,
    params: [],
  });
}
