import type { Logger } from '../../core/logger.ts';
import type { SystemCaller } from '../lib/system-caller.ts';
import { startPeriodic, type PeriodicJob } from './periodic.ts';

/** How often the embedded database is looked after: autovacuum's own default naptime. */
const EMBEDDED_UPKEEP_INTERVAL_MS = 60_000;

/** Calls per pass at most: one table each, so a persistent failure cannot keep a pass going. */
const TABLES_PER_PASS = 200;

/** runOnce: one pass now (after one already running); errors are logged, never thrown. */
export type EmbeddedUpkeep = PeriodicJob;

/**
 * The embedded database's autovacuum and checkpointer, which PGlite runs neither of: every
 * `intervalMs`, infrastructure.operations.refreshStatistics one table per call (requests queued on
 * the one connection run between tables, and a stopping process waits for one table at most), then
 * infrastructure.operations.checkpoint (the WAL since the last checkpoint stays bounded, and so does a
 * start's recovery after a crash).
 */
export function startEmbeddedUpkeep(options: {
  caller: SystemCaller;
  log: Logger;
  intervalMs?: number;
}): EmbeddedUpkeep {
  const { caller, log, intervalMs = EMBEDDED_UPKEEP_INTERVAL_MS } = options;
  return startPeriodic(async (stopped) => {
    try {
      for (let call = 0; call < TABLES_PER_PASS && !stopped(); call += 1) {
        const { refreshed, failed, remaining } = await caller.infrastructure.operations.refreshStatistics({ limit: 1 });
        for (const table of refreshed) log.info(table, 'table vacuumed and analysed');
        for (const table of failed) log.error(table, 'table vacuum and analyse failed');
        if (failed.length > 0 || remaining === 0) break;
      }
      if (stopped()) return;
      const done = await caller.infrastructure.operations.checkpoint();
      if (done.failed !== null) log.error(done, 'checkpoint failed');
      else if (done.checkpointed) log.info(done, 'checkpoint');
    } catch (error) {
      log.error({ err: error }, 'embedded database upkeep failed');
    }
  }, intervalMs);
}
