import { readTableActivity, vacuumAnalyzeTable } from '../../services/database-upkeep/table-activity.query.ts';
import { upkeepReason } from '../../services/database-upkeep/table-upkeep.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZRefreshStatisticsInput, ZRefreshStatisticsOutput } from './refresh-statistics.schema.ts';

/**
 * VACUUM ANALYZE of each table that autovacuum would pick now (table-upkeep.ts), one table per
 * statement so that other queries run between them, `limit` tables per call. The embedded database
 * has no autovacuum: the service runs this there every minute. The seed and the directory import
 * run it after a bulk load on either database (a server's autovacuum would come, but minutes
 * later). System callers only.
 */
export const refreshStatistics = systemProcedure
  .input(ZRefreshStatisticsInput)
  .output(ZRefreshStatisticsOutput)
  .mutation(async ({ ctx, input }) => {
    const { tables, settings } = await readTableActivity(ctx.sql);
    const due = tables.flatMap((table) => {
      const reason = upkeepReason(table, settings);
      return reason === undefined ? [] : [{ table: table.table, reason }];
    });
    const refreshed = [];
    const failed = [];
    for (const { table, reason } of due.slice(0, input.limit)) {
      const started = performance.now();
      try {
        await vacuumAnalyzeTable(ctx.em, table);
        refreshed.push({ table, reason, milliseconds: Math.round(performance.now() - started) });
      } catch (error) {
        failed.push({ table, message: (error as Error).message });
      }
    }
    return { refreshed, failed, remaining: Math.max(0, due.length - input.limit) };
  });
