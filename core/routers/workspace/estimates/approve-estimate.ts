import { changeEstimateStatus } from '../../../services/workspace/estimates/change-estimate-status.ts';
import { workspaceWriteProcedure } from '../../../trpc.ts';
import { ZApproveEstimateInput, ZApproveEstimateOutput } from './approve-estimate.schema.ts';

/**
 * Records that the customer accepted a sent estimate, choosing option_id (sent → approved) and emits
 * estimate.approved. One conditional update decides, so concurrent copies change it once (the others
 * 409 STATUS_TRANSITION_NOT_ALLOWED). /api/trpc only: no agent tool.
 */
export const approveEstimate = workspaceWriteProcedure
  .input(ZApproveEstimateInput)
  .output(ZApproveEstimateOutput)
  .mutation(({ ctx, input }) =>
    changeEstimateStatus(
      ctx.em,
      ctx.businessId,
      input.estimate_id,
      { kind: 'approve', optionId: input.option_id },
      ctx.clock.now(),
    ),
  );
