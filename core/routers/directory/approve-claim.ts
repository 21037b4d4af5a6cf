import { decideClaim } from '../../services/directory/claims/claim-writes.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZApproveClaimInput, ZDecidedClaimOutput } from './review-claims.schema.ts';

/** Administrative: pending -> approved; the listing is claimed by the business (`review-claims --approve`). */
export const approveClaim = systemProcedure
  .input(ZApproveClaimInput)
  .output(ZDecidedClaimOutput)
  .mutation(async ({ ctx, input }) => {
    const result = await decideClaim(
      ctx.em,
      {
        claimId: input.id,
        to: 'approved',
        actor: 'operator',
        reason: null,
        decidedBy: input.decided_by,
        note: input.note ?? null,
      },
      ctx.clock.now(),
    );
    // The listing's claim status is public: this app's answers go now, other instances' at the database's notification.
    ctx.services.caches.publicReads.invalidate('directory');
    return result;
  });
