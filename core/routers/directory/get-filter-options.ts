import { cachePublicly } from '../../response-meta.ts';
import { directoryFilterOptions } from '../../services/directory/filter-options.query.ts';
import { publicProcedure, skipOutputReparse } from '../../trpc.ts';
import { ZGetDirectoryFilterOptionsInput, ZGetDirectoryFilterOptionsOutput } from './get-filter-options.schema.ts';
import { readPublicAnswer } from '../shared/public-read.ts';

export const getFilterOptions = skipOutputReparse(
  publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        operationId: 'directory-filterOptions',
        path: '/v1/directory/public/filter-options',
        tags: ['Directory'],
        summary: 'Directory filter values',
        description:
          'The industries, metro areas and postal codes of the published listings, each with its number of listings, ' +
          'for building filter controls. Postal codes: the 200 most common. Cached publicly for 60 seconds.',
        successDescription: 'The filter values with their counts.',
      },
    })
    .input(ZGetDirectoryFilterOptionsInput)
    .output(ZGetDirectoryFilterOptionsOutput)
    .query(({ ctx }) =>
      readPublicAnswer(ctx, 'directory', 'directory.getFilterOptions', undefined, async () => {
        const data = await directoryFilterOptions(ctx.sql, ctx.clock.now());
        cachePublicly(ctx, 60);
        return { data };
      }),
    ),
);
