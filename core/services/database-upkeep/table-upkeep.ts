/**
 * Which tables need VACUUM ANALYZE, by autovacuum's own rules (its settings, read from the server),
 * for the embedded database: PGlite runs no autovacuum, so without this its planner keeps the
 * statistics of empty tables after a bulk load, and dead rows are never reclaimed.
 */

/** What the database says of one table of the schema. */
export interface TableActivity {
  table: string;
  /** The row estimate of the last ANALYZE or VACUUM; negative when neither ever ran. */
  reltuples: number;
  /** Pages at the last ANALYZE or VACUUM. */
  relpages: number;
  /** Pages now. */
  pages: number;
  /** The activity counters: kept in memory, so zero again after a restart of the embedded database. */
  modified: number;
  dead: number;
  inserted: number;
}

/** autovacuum's thresholds (postgresql.conf), in the server's units. */
export interface UpkeepSettings {
  analyzeThreshold: number;
  analyzeScaleFactor: number;
  vacuumThreshold: number;
  vacuumScaleFactor: number;
  insertThreshold: number;
  insertScaleFactor: number;
}

export type UpkeepReason = 'never_analyzed' | 'size_changed' | 'rows_changed' | 'dead_rows' | 'rows_inserted';

/**
 * Why a table needs VACUUM ANALYZE, or undefined. autovacuum's three rules (rows changed since the
 * last analyze, dead rows, rows inserted since the last vacuum) read counters that the embedded
 * database loses when it restarts; a table whose size moved by the analyze share since its last
 * analyze (pages now against pages then) catches what was written before a restart.
 */
export function upkeepReason(table: TableActivity, settings: UpkeepSettings): UpkeepReason | undefined {
  if (table.pages === 0 && table.relpages === 0) return undefined;
  if (table.reltuples < 0) return 'never_analyzed';
  const rows = table.reltuples;
  if (table.modified > settings.analyzeThreshold + settings.analyzeScaleFactor * rows) return 'rows_changed';
  if (table.dead > settings.vacuumThreshold + settings.vacuumScaleFactor * rows) return 'dead_rows';
  if (table.inserted > settings.insertThreshold + settings.insertScaleFactor * rows) return 'rows_inserted';
  // In pages, with autovacuum's analyze share and a floor of a few pages (small tables move a page at a time).
  if (Math.abs(table.pages - table.relpages) > SIZE_FLOOR_PAGES + settings.analyzeScaleFactor * table.relpages)
    return 'size_changed';
  return undefined;
}

/** Pages a table may grow or shrink by before its size alone asks for an analyze (64 KB). */
const SIZE_FLOOR_PAGES = 8;
