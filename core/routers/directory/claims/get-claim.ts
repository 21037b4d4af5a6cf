import { findClaim } from '../../../services/directory/claims/claim-rows.query.ts';
import { claimNotFound } from '../../../services/directory/claims/claim-writes.query.ts';
import { directoryClaimsReadProcedure } from '../../../trpc.ts';
import { ZGetClaimInput, ZGetClaimOutput } from './get-claim.schema.ts';

export const getClaim = directoryClaimsReadProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/v1/directory/claims/{id}',
      operationId: 'directory-getClaim',
      tags: ['Directory claims'],
      summary: 'One directory claim',
      description: 'A claim of the business, with its evidence and every transition. Another business’s claim is 404.',
      errorResponses: { 404: 'No claim with this id in this business (RESOURCE_NOT_FOUND).' },
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZGetClaimInput)
  .output(ZGetClaimOutput)
  .query(async ({ ctx, input }) => {
    const claim = await findClaim(ctx.sql, ctx.businessId, input.id);
    if (!claim) throw claimNotFound(input.id);
    return claim;
  });
