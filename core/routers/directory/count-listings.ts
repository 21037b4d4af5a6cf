import { countDirectoryListings } from '../../services/directory/count-listings.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZCountDirectoryListingsInput, ZCountDirectoryListingsOutput } from './count-listings.schema.ts';

/** Administrative: how many listings exist (the seeder continues the sequence after them). */
export const countListings = systemProcedure
  .input(ZCountDirectoryListingsInput)
  .output(ZCountDirectoryListingsOutput)
  .query(async ({ ctx }) => ({ count: await countDirectoryListings(ctx.em) }));
