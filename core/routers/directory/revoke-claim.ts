import { revokeClaim as revokeListingClaim } from '../../services/directory/claims/claim-writes.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZRevokeClaimInput, ZRevokeClaimOutput } from './review-claims.schema.ts';

/** Administrative: claimed -> unclaimed with a reason; the approved claim is revoked (`review-claims --revoke`). */
export const revokeClaim = systemProcedure
  .input(ZRevokeClaimInput)
  .output(ZRevokeClaimOutput)
  .mutation(async ({ ctx, input }) => {
    const result = await revokeListingClaim(
      ctx.em,
      { listingSlug: input.listing_slug, reason: input.reason, decidedBy: input.decided_by },
      ctx.clock.now(),
    );
    // The listing's claim status is public: this app's answers go now, other instances' at the database's notification.
    ctx.services.caches.publicReads.invalidate('directory');
    return result;
  });
