import {
  claimedListingNotFound,
  updateClaimedListing as storeListingChanges,
} from '../../../services/directory/claims/claimed-listings.query.ts';
import { SLUG_PATTERN } from '../../../services/directory/types.ts';
import { directoryClaimsWriteProcedure } from '../../../trpc.ts';
import { ZUpdateClaimedListingInput, ZUpdateClaimedListingOutput } from './update-claimed-listing.schema.ts';

export const updateClaimedListing = directoryClaimsWriteProcedure
  .meta({
    openapi: {
      method: 'PATCH',
      path: '/v1/directory/claimed-listings/{slug}',
      operationId: 'directory-updateClaimedListing',
      tags: ['Directory claims'],
      summary: 'Edit a claimed listing',
      description:
        'Changes the members given of a listing the business has claimed: short_description, description, services, ' +
        'and photos (the whole list, in order: kept by public_id, added by url, removed when left out). The public ' +
        'directory shows the change at once. Name, address, phone, website and ratings are not the business’s to change here.',
      errorResponses: {
        400: 'An invalid field (VALIDATION_FAILED, naming it): a photo URL that is not http(s) or a site path, an unknown public_id, two logos.',
        404: 'No listing with this slug is claimed by this business (RESOURCE_NOT_FOUND).',
      },
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZUpdateClaimedListingInput)
  .output(ZUpdateClaimedListingOutput)
  .mutation(async ({ ctx, input }) => {
    if (!SLUG_PATTERN.test(input.slug)) throw claimedListingNotFound(input.slug);
    const result = await storeListingChanges(
      ctx.em,
      ctx.businessId,
      input.slug,
      {
        short_description: input.short_description,
        description: input.description,
        services: input.services,
        photos: input.photos,
      },
      ctx.clock.now(),
      ctx.urls,
    );
    // What the directory shows of the listing changed: this app's answers go now, other instances' at the database's notification.
    ctx.services.caches.publicReads.invalidate('directory');
    return result;
  });
