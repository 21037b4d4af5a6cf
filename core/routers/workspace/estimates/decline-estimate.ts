import { changeEstimateStatus } from '../../../services/workspace/estimates/change-estimate-status.ts';
import { workspaceWriteProcedure } from '../../../trpc.ts';
import { ZDeclineEstimateInput, ZDeclineEstimateOutput } from './decline-estimate.schema.ts';

/**
 * Records that the customer declined a sent estimate (sent → declined) and emits estimate.declined.
 * One conditional update decides, so concurrent copies change it once (the others 409
 * STATUS_TRANSITION_NOT_ALLOWED). /api/trpc only: no agent tool.
 */
export const declineEstimate = workspaceWriteProcedure
  .input(ZDeclineEstimateInput)
  .output(ZDeclineEstimateOutput)
  .mutation(({ ctx, input }) =>
    changeEstimateStatus(ctx.em, ctx.businessId, input.estimate_id, { kind: 'decline' }, ctx.clock.now()),
  );
