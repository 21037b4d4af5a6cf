import { AppError } from '../../../errors/index.ts';
import { estimateOptions } from '../../../services/workspace/estimates/estimate-options.query.ts';
import { jobRef, propertyRef } from '../../../services/workspace/estimates/estimate-references.query.ts';
import { findEstimates } from '../../../services/workspace/estimates/estimate-rows.query.ts';
import { toEstimateSummary } from '../../../services/workspace/estimates/estimate-summary.ts';
import { asDate } from '../../../services/workspace/scheduling/local-time.ts';
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
  .query(async ({ ctx, input }) => {
    const [row] = await findEstimates(ctx.em, ctx.businessId, { estimateId: input.estimate_id, limit: 1 });
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No estimate with id ${input.estimate_id} in this business.`);
    const summary = toEstimateSummary(row);
    return {
      ...summary,
      property: await propertyRef(ctx.em, ctx.businessId, row.property_id),
      job: await jobRef(ctx.em, ctx.businessId, row.job_id),
      notes: row.notes,
      updated_at: asDate(row.updated_at).toISOString(),
      options: await estimateOptions(ctx.em, ctx.businessId, row.id, summary.approved_option_id),
    };
  });
