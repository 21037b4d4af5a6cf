import { decideClaim } from '../../services/directory/claims/claim-writes.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZDecidedClaimOutput, ZRejectClaimInput } from './review-claims.schema.ts';

/** Administrative: pending -> rejected with a reason; the listing is unclaimed again (`review-claims --reject`). */
export const rejectClaim = systemProcedure
  .input(ZRejectClaimInput)
  .output(ZDecidedClaimOutput)
  .mutation(async ({ ctx, input }) => {
    const result = await decideClaim(
      ctx.em,
      {
        claimId: input.id,
        to: 'rejected',
        actor: 'operator',
        reason: input.reason,
        decidedBy: input.decided_by,
        note: input.reason,
      },
      ctx.clock.now(),
    );
    // The listing's claim status is public: this app's answers go now, other instances' at the database's notification.
    ctx.services.caches.publicReads.invalidate('directory');
    return result;
  });
