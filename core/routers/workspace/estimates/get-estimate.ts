import { loadEstimate } from '../../../services/workspace/estimates/estimate-detail.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetEstimateInput, ZGetEstimateOutput } from './get-estimate.schema.ts';

export const getEstimate = tenantProcedure
  .meta({
    tool: {
      name: 'get-estimate',
      title: 'Get estimate',
      access: 'read',
      toolset: 'billing',
      description:
        'One estimate (quote) with its customer, property and job references, and every option (e.g. good / better / best) in order, ' +
        'each with its line items and its subtotal, tax and total in minor units, and which option the customer approved. Use after list-estimates.',
    },
  })
  .input(ZGetEstimateInput)
  .output(ZGetEstimateOutput)
  .query(({ ctx, input }) => loadEstimate(ctx.em, ctx.businessId, input.estimate_id));
