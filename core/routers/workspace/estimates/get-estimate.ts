import { EstimateOption } from '../../../../orm/entities/field-service/estimate-option.ts';
import { AppError } from '../../../errors/index.ts';
import { findEstimates, toEstimate } from '../../../services/workspace/estimates/estimate-rows.query.ts';
import { lineItemsOf } from '../../../services/workspace/line-items.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetEstimateInput, ZGetEstimateOutput } from './get-estimate.schema.ts';

export const getEstimate = tenantProcedure
  .meta({
    tool: {
      name: 'get-estimate',
      title: 'Get estimate',
      access: 'read',
      description: 'One estimate with each of its options (e.g. good / better / best) in order, their line items and totals, and which option the customer approved.',
    },
  })
  .input(ZGetEstimateInput)
  .output(ZGetEstimateOutput)
  .query(async ({ ctx, input }) => {
    const [row] = await findEstimates(ctx.em, ctx.businessId, (where) => where.add('e.id = ?', input.estimate_id), 1);
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No estimate with id ${input.estimate_id} in this business.`);
    const options = await ctx.em.find(EstimateOption, { businessId: ctx.businessId, estimateId: row.id }, { orderBy: { position: 'asc', id: 'asc' } });
    return {
      ...toEstimate(row),
      notes: row.notes,
      approved_option_id: row.approved_option_id,
      options: await Promise.all(
        options.map(async (option) => ({
          id: option.id,
          position: option.position,
          name: option.name,
          description: option.description ?? null,
          approved: option.id === row.approved_option_id,
          subtotal_minor: option.subtotalMinor,
          tax_minor: option.taxMinor,
          total_minor: option.totalMinor,
          line_items: await lineItemsOf(ctx.em, 'estimateOption', ctx.businessId, option.id),
        })),
      ),
    };
  });
