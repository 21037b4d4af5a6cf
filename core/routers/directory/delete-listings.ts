import { deleteDirectoryListings } from '../../services/directory/delete-listings.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZDeleteDirectoryListingsInput, ZDeleteDirectoryListingsOutput } from './delete-listings.schema.ts';

/** Administrative: removes listings by slug or slug prefix (test fixtures, withdrawn imports). */
export const deleteListings = systemProcedure
  .input(ZDeleteDirectoryListingsInput)
  .output(ZDeleteDirectoryListingsOutput)
  .mutation(async ({ ctx, input }) => {
    // The schema lets slug_prefix hold no LIKE wildcards ([a-z0-9-] only), and asks for exactly one of the two.
    const which = input.slugs ? { slugs: input.slugs } : { slugPrefix: input.slug_prefix! };
    const deleted = await deleteDirectoryListings(ctx.em, which);
    ctx.services.caches.routerVocabulary.invalidate();
    ctx.services.caches.publicReads.invalidate('directory');
    return { deleted };
  });
