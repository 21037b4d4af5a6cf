import { generateGovernmentOpportunity, governmentClassificationCodes } from '../../services/demo-data/government.ts';
import { filterOptionsCache } from '../../services/government/filter-options-cache.ts';
import { buildInsertGovernmentOpportunitiesQuery, buildUpsertClassificationCodesQuery } from '../../services/government/insert-query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZSeedBatchInput, ZSeedBatchOutput } from './seed-batch.schema.ts';

/**
 * Inserts generated opportunities `start` .. `start + count - 1` (deterministic per index, dates
 * relative to now) in one statement, with the labels of their codes. System callers only.
 */
export const seedBatch = systemProcedure
  .input(ZSeedBatchInput)
  .output(ZSeedBatchOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const records = Array.from({ length: input.count }, (_, offset) => generateGovernmentOpportunity(input.start + offset, now));
    // knex sends the parameters as bind values; Connection.execute would inline (escape) the
    // multi-megabyte JSON literal character by character, which costs more than the insert itself.
    const knex = ctx.em.getKnex();
    const codes = buildUpsertClassificationCodesQuery(governmentClassificationCodes());
    await knex.raw(codes.sql, codes.params as never[]);
    const insert = buildInsertGovernmentOpportunitiesQuery(records);
    const result = (await knex.raw(insert.sql, insert.params as never[])) as { rowCount: number | null };
    filterOptionsCache.invalidate();
    return { inserted: result.rowCount ?? 0 };
  });
