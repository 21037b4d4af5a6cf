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
    // VACUUM cannot run in a transaction block; knex.raw runs it on its own.
    await ctx.em.getKnex().raw('vacuum analyze government_opportunities, government_classification_codes');
  });
