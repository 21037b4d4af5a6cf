import type { SystemCaller } from './system-caller.ts';

/** What a bulk load's statistics refresh did, for its summary. */
export interface StatisticsRefresh {
  /** The tables vacuumed and analysed, in name order. */
  tables: string[];
  seconds: number;
}

/**
 * VACUUM ANALYZE, after a bulk load, of the tables autovacuum would pick (the load's, and any other
 * that needs it): the planner then knows the new rows at once. On the embedded database, which has
 * no autovacuum, nothing else would until the running service's next pass; on a server, autovacuum
 * would, minutes later. A table that fails is named in the error; the others are done first.
 */
export async function refreshStatisticsAfterLoad(caller: SystemCaller): Promise<StatisticsRefresh> {
  const started = performance.now();
  const { refreshed, failed } = await caller.infrastructure.operations.refreshStatistics();
  if (failed.length > 0)
    throw new Error(
      `VACUUM ANALYZE failed for ${failed.map((table) => `${table.table} (${table.message})`).join(', ')}`,
    );
  return {
    tables: refreshed.map((table) => table.table),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
