import { listPendingClaims as listPendingRows } from '../../services/directory/claims/claim-rows.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZListPendingClaimsInput, ZListPendingClaimsOutput } from './review-claims.schema.ts';

/** Administrative: the claims waiting for a decision, oldest first (`npm run admin -- review-claims`). */
export const listPendingClaims = systemProcedure
  .input(ZListPendingClaimsInput)
  .output(ZListPendingClaimsOutput)
  .query(async ({ ctx, input }) => ({ items: await listPendingRows(ctx.sql, input.limit) }));
