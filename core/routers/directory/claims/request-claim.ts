import { requestClaim as storeClaim, listingNotFound } from '../../../services/directory/claims/claim-writes.query.ts';
import { SLUG_PATTERN } from '../../../services/directory/types.ts';
import { directoryClaimsWriteProcedure } from '../../../trpc.ts';
import { ZRequestClaimInput, ZRequestClaimOutput } from './request-claim.schema.ts';

export const requestClaim = directoryClaimsWriteProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/v1/directory/claims',
      operationId: 'directory-requestClaim',
      tags: ['Directory claims'],
      summary: 'Claim a directory listing',
      description:
        "Claims a published, unclaimed listing for the token's business: the listing becomes claim_pending until the " +
        "operator decides. The service compares the business profile's phone, website domain and e-mail domain with " +
        'the listing and records the outcome as evidence; when none matches, evidence_note is required. At most one ' +
        'pending claim per listing, at most 10 pending claims per business. Emits directory_claim.requested.',
      successDescription: 'The claim, pending.',
      errorResponses: {
        400: 'An invalid field (VALIDATION_FAILED), or no check matched and no evidence_note (DIRECTORY_CLAIM_EVIDENCE_REQUIRED).',
        404: 'No published listing has this slug (RESOURCE_NOT_FOUND).',
        409: 'The listing has a pending claim (DIRECTORY_LISTING_CLAIM_PENDING) or is claimed (DIRECTORY_LISTING_ALREADY_CLAIMED), or the business has 10 pending claims (DIRECTORY_CLAIM_LIMIT_REACHED).',
      },
    },
    rest: { successStatus: 201, credential: 'workspace_api_token' },
  })
  .input(ZRequestClaimInput)
  .output(ZRequestClaimOutput)
  .mutation(async ({ ctx, input }) => {
    // A string that is not slug-shaped names no listing.
    if (!SLUG_PATTERN.test(input.listing_slug)) throw listingNotFound(input.listing_slug);
    const result = await storeClaim(
      ctx.em,
      ctx.businessId,
      { listingSlug: input.listing_slug, evidenceNote: input.evidence_note || null },
      ctx.clock.now(),
    );
    // What the directory shows of the listing changed: this app's answers go now, other instances' at the database's notification.
    ctx.services.caches.publicReads.invalidate('directory');
    return result;
  });
