import { systemProcedure } from '../../trpc.ts';
import { ZCountDirectoryListingsInput, ZCountDirectoryListingsOutput } from './count-listings.schema.ts';

/** Administrative: how many listings exist (the seeder continues the sequence after them). */
export const countListings = systemProcedure
  .input(ZCountDirectoryListingsInput)
  .output(ZCountDirectoryListingsOutput)
  .query(async ({ ctx }) => {
    const [row] = await ctx.em.getConnection().execute<{ count: number }[]>('select count(*)::int as count from directory_listings', [], 'all');
    return { count: row?.count ?? 0 };
  });
