import type { SystemCaller } from './system-caller.ts';

/** What a bulk load's statistics refresh did, for its summary. */
export interface StatisticsRefresh {
  /** The tables vacuumed and analysed, in name order. */
  tables: string[];
  /** Tables whose VACUUM ANALYZE failed, and why: the load's rows are stored all the same. */
  failed: Array<{ table: string; message: string }>;
  seconds: number;
}

/**
 * VACUUM ANALYZE, after a bulk load, of the tables autovacuum would pick (the load's, and any other
 * that needs it): the planner then knows the new rows at once. On the embedded database, which has
 * no autovacuum, nothing else would until the running service's next pass; on a server, autovacuum
 * would, minutes later. A table that fails is reported beside the others, never as the load's
 * failure: its rows are stored, and the next pass (or autovacuum) tries again.
 */
export async function refreshStatisticsAfterLoad(caller: SystemCaller): Promise<StatisticsRefresh> {
  const started = performance.now();
  const { refreshed, failed } = await caller.infrastructure.operations.refreshStatistics();
  return {
    tables: refreshed.map((table) => table.table),
    failed,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/**
 * Several refreshes as one (a seed's between its batches and at its end): each table named once,
 * every failure kept, the seconds added up.
 */
export function combineRefreshes(refreshes: StatisticsRefresh[]): StatisticsRefresh {
  return {
    tables: [...new Set(refreshes.flatMap((refresh) => refresh.tables))].sort(),
    failed: refreshes.flatMap((refresh) => refresh.failed),
    seconds: Math.round(refreshes.reduce((sum, refresh) => sum + refresh.seconds, 0) * 10) / 10,
  };
}

/** One line for a command's summary: how many tables, how long, and any that failed. */
export function statisticsLine(refresh: StatisticsRefresh): string {
  const failed = refresh.failed.map((table) => `${table.table} (${table.message})`).join(', ');
  return (
    `${refresh.tables.length} ${refresh.tables.length === 1 ? 'table' : 'tables'} vacuumed and analysed in ${refresh.seconds.toFixed(1)} s` +
    (failed ? `; failed: ${failed}` : '')
  );
}
