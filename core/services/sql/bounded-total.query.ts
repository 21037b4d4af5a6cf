import { runQuery, type SqlQuery, type SqlSource } from './query.ts';

/** A list's total: exact up to the bound, else the planner's estimate (`estimate` true). */
export interface ListTotal {
  total: number;
  estimate: boolean;
}

/**
 * `count(*)` of `rows` (a select of the list's matches, with its own order so that the plan walks an
 * index) stopped after `exactTotal + 1` rows: one more than the bound tells that the bound is passed.
 * One placeholder after those of `rows`: exactTotal + 1.
 */
export function boundedCountSql(rows: string): string {
  return `select count(*)::int as total from (${rows} limit ?) counted`;
}

interface ExplainRow {
  'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }>;
}

/**
 * The total of a list whose bounded count (boundedCountSql) answered `counted`: exact up to
 * `exactTotal`, else the planner's row estimate of `matches` (EXPLAIN, not run: its statistics, a
 * millisecond), raised to exactTotal + 1 since at least that many are known to match.
 */
export async function listTotal(
  source: SqlSource,
  counted: number,
  exactTotal: number,
  matches: () => SqlQuery,
): Promise<ListTotal> {
  if (counted <= exactTotal) return { total: counted, estimate: false };
  const query = matches();
  const rows = await runQuery<ExplainRow>(source, { sql: `explain (format json) ${query.sql}`, params: query.params });
  const planned = Math.round(rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  return { total: Math.max(planned, exactTotal + 1), estimate: true };
}
