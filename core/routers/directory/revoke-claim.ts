import { revokeClaim as revokeListingClaim } from '../../services/directory/claims/claim-writes.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZRevokeClaimInput, ZRevokeClaimOutput } from './review-claims.schema.ts';

/** Administrative: claimed -> unclaimed with a reason; the approved claim is revoked (`review-claims --revoke`). */
export const revokeClaim = systemProcedure
  .input(ZRevokeClaimInput)
  .output(ZRevokeClaimOutput)
  .mutation(({ ctx, input }) =>
    revokeListingClaim(
      ctx.em,
      { listingSlug: input.listing_slug, reason: input.reason, decidedBy: input.decided_by },
      ctx.clock.now(),
    ),
  );
