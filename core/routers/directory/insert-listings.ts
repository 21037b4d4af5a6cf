import { buildInsertListingsQuery, insertListings } from '../../services/directory/insert-listings.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZInsertDirectoryListingsInput, ZInsertDirectoryListingsOutput } from './insert-listings.schema.ts';

/** Administrative: stores the given listings with their photos (scripts and test fixtures). No REST mapping. */
export const insertDirectoryListings = systemProcedure
  .input(ZInsertDirectoryListingsInput)
  .output(ZInsertDirectoryListingsOutput)
  .mutation(async ({ ctx, input }) => {
    const { sql, params } = buildInsertListingsQuery(input.listings);
    return insertListings(ctx.em, sql, params);
  });
