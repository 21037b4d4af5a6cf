import { decideClaim } from '../../../services/directory/claims/claim-writes.query.ts';
import { directoryClaimsWriteProcedure } from '../../../trpc.ts';
import { ZWithdrawClaimInput, ZWithdrawClaimOutput } from './withdraw-claim.schema.ts';

export const withdrawClaim = directoryClaimsWriteProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/v1/directory/claims/{id}/withdraw',
      operationId: 'directory-withdrawClaim',
      tags: ['Directory claims'],
      summary: 'Withdraw a pending claim',
      description:
        'The business takes back its pending claim: the claim is withdrawn and the listing unclaimed again. Emits directory_claim.withdrawn.',
      errorResponses: {
        404: 'No claim with this id in this business (RESOURCE_NOT_FOUND).',
        409: 'The claim is no longer pending (DIRECTORY_CLAIM_NOT_PENDING, details: current_status).',
      },
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZWithdrawClaimInput)
  .output(ZWithdrawClaimOutput)
  .mutation(async ({ ctx, input }) => {
    const result = await decideClaim(
      ctx.em,
      {
        claimId: input.id,
        businessId: ctx.businessId,
        to: 'withdrawn',
        actor: 'business',
        reason: null,
        decidedBy: 'business',
        note: null,
      },
      ctx.clock.now(),
    );
    // The listing's claim status is public: this app's answers go now, other instances' at the database's notification.
    ctx.services.caches.publicReads.invalidate('directory');
    return result;
  });
