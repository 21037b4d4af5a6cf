import { generateDirectoryListings } from '../../services/demo-data/directory.ts';
import { buildInsertListingsQuery, insertListings } from '../../services/directory/insert-listings.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZSeedDirectoryBatchInput, ZSeedDirectoryBatchOutput } from './seed-batch.schema.ts';

/**
 * Administrative: generates positions start .. start + count - 1 of the demo directory and stores
 * them in one statement. Deterministic, and idempotent (existing slugs are skipped).
 */
export const seedDirectoryBatch = systemProcedure
  .input(ZSeedDirectoryBatchInput)
  .output(ZSeedDirectoryBatchOutput)
  .mutation(async ({ ctx, input }) => {
    const { sql, params } = buildInsertListingsQuery(generateDirectoryListings(input.start, input.count));
    return insertListings(ctx.em, sql, params);
  });
