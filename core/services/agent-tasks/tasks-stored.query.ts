import { runQuery, type SqlSource } from '../sql/query.ts';

/**
 * How many A2A tasks are stored, for the metrics scrape: exact up to `cap` rows read, beyond it the
 * planner's estimate of the table (pg_class.reltuples, kept by autovacuum), so a scrape never counts
 * a table of millions.
 */
export async function tasksStored(source: SqlSource, cap: number): Promise<number> {
  const [row] = await runQuery<{ stored: number }>(source, {
    sql: `with counted as (select count(*)::int as n from (select 1 from agent_tasks limit ?) capped)
          select case when n < ? then n
                      else greatest(n, (select reltuples from pg_class where oid = 'agent_tasks'::regclass)::int)
                 end as stored
            from counted`,
    params: [cap, cap],
  });
  return row!.stored;
}
