import { AppError } from '../../errors/index.ts';
import { cachePublicly } from '../../response-meta.ts';
import { findPublishedDirectoryListing } from '../../services/directory/get-listing.query.ts';
import { SLUG_PATTERN } from '../../services/directory/types.ts';
import { publicProcedure, skipOutputReparse } from '../../trpc.ts';
import { ZGetDirectoryListingInput, ZGetDirectoryListingOutput } from './get-listing.schema.ts';
import { readPublicAnswer } from '../shared/public-read.ts';

export const getListing = skipOutputReparse(
  publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        operationId: 'directory-get',
        path: '/v1/directory/public/{slug}',
        tags: ['Directory'],
        summary: 'One published business',
        description:
          'The published listing with this slug. Unknown and unpublished listings answer 404. Cached publicly for 60 seconds.',
        successDescription: 'The listing.',
        errorResponses: { 404: 'No published listing has this slug (code RESOURCE_NOT_FOUND).' },
      },
    })
    .input(ZGetDirectoryListingInput)
    .output(ZGetDirectoryListingOutput)
    .query(({ ctx, input }) =>
      readPublicAnswer(ctx, 'directory', 'directory.getListing', input, async () => {
        let listing = null;
        // A string that is not slug-shaped names no listing: answer 404 without asking the database.
        if (SLUG_PATTERN.test(input.slug)) {
          listing = await findPublishedDirectoryListing(ctx.sql, input.slug, ctx.clock.now(), ctx.urls);
        }
        if (!listing)
          throw new AppError('RESOURCE_NOT_FOUND', `No published directory listing has the slug "${input.slug}".`);
        cachePublicly(ctx, 60);
        return { data: listing };
      }),
    ),
);
