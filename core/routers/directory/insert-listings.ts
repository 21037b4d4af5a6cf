import { insertDirectoryListings } from '../../services/directory/insert-listings.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZInsertDirectoryListingsInput, ZInsertDirectoryListingsOutput } from './insert-listings.schema.ts';

/**
 * Administrative: stores the given listings with their photos (the seed script's generated batches,
 * imports, test fixtures). No REST mapping.
 */
export const insertListings = systemProcedure
  .input(ZInsertDirectoryListingsInput)
  .output(ZInsertDirectoryListingsOutput)
  .mutation(async ({ ctx, input }) => {
    const inserted = await insertDirectoryListings(ctx.em, input.listings);
    // The text router knows industries and metros by the listings': a new one is recognised at once in this process.
    ctx.services.caches.routerVocabulary.invalidate();
    ctx.services.caches.publicReads.invalidate('directory');
    return inserted;
  });
