import { systemProcedure } from '../../trpc.ts';
import { ZDeleteDirectoryListingsInput, ZDeleteDirectoryListingsOutput } from './delete-listings.schema.ts';

/** Administrative: removes listings by slug or slug prefix (test fixtures, withdrawn imports). */
export const deleteListings = systemProcedure
  .input(ZDeleteDirectoryListingsInput)
  .output(ZDeleteDirectoryListingsOutput)
  .mutation(async ({ ctx, input }) => {
    const connection = ctx.em.getConnection();
    // The prefix holds no LIKE wildcards (schema: [a-z0-9-] only). Photos go by the foreign key's cascade.
    const rows = input.slugs
      ? await connection.execute<{ id: number }[]>(
          'delete from directory_listings where slug in (select json_array_elements_text(?::json)) returning id',
          [JSON.stringify(input.slugs)],
          'all',
        )
      : await connection.execute<{ id: number }[]>('delete from directory_listings where slug like ? returning id', [`${input.slug_prefix}%`], 'all');
    return { deleted: rows.length };
  });
