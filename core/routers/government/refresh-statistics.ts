import { vacuumAnalyzeGovernmentTables } from '../../services/government/refresh-statistics.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZRefreshStatisticsInput, ZRefreshStatisticsOutput } from './refresh-statistics.schema.ts';

/**
 * VACUUM ANALYZE of the government tables after a bulk load, so the planner knows the new rows
 * and index-only scans work (the sitemap count). Needed on the embedded database in particular,
 * which has no autovacuum. System callers only.
 */
export const refreshStatistics = systemProcedure
  .input(ZRefreshStatisticsInput)
  .output(ZRefreshStatisticsOutput)
  .mutation(async ({ ctx }) => {
    await vacuumAnalyzeGovernmentTables(ctx.em);
  });
