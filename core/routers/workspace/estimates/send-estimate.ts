import { changeEstimateStatus } from '../../../services/workspace/estimates/change-estimate-status.ts';
import { workspaceWriteProcedure } from '../../../trpc.ts';
import { ZSendEstimateInput, ZSendEstimateOutput } from './send-estimate.schema.ts';

/**
 * Marks a draft estimate as sent to the customer (draft → sent; issued_on becomes today in the
 * business time zone) and emits estimate.sent. One conditional update decides, so concurrent copies
 * change it once (the others 409 STATUS_TRANSITION_NOT_ALLOWED). /api/trpc only: no agent tool.
 */
export const sendEstimate = workspaceWriteProcedure
  .input(ZSendEstimateInput)
  .output(ZSendEstimateOutput)
  .mutation(({ ctx, input }) =>
    changeEstimateStatus(ctx.em, ctx.businessId, input.estimate_id, { kind: 'send' }, ctx.clock.now()),
  );
