import { z } from 'zod';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { requireCustomer } from '../../../services/workspace/customers/require-customer.query.ts';
import { findEstimates } from '../../../services/workspace/estimates/estimate-rows.query.ts';
import { toEstimateSummary } from '../../../services/workspace/estimates/estimate-summary.ts';
import { ZInstantKey } from '../../../services/workspace/scheduling/instant-key.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListEstimatesInput, ZListEstimatesOutput } from './list-estimates.schema.ts';

const ZEstimateCursor = z.tuple([ZInstantKey, z.uuid()]);

export const listEstimates = tenantProcedure
  .meta({
    tool: {
      name: 'list-estimates',
      title: 'List estimates',
      access: 'read',
      toolset: 'billing',
      description:
        'Estimates (quotes) of the business, newest first, with number, title, status, customer, issue and expiry dates, how many options each offers, ' +
        'and headline_option: the totals of the approved option, or of the lowest-total option when none is approved (its basis field says which). ' +
        'Filter by status and customer_id. Use get-estimate for every option with its line items.',
    },
  })
  .input(ZListEstimatesInput)
  .output(ZListEstimatesOutput)
  .query(async ({ ctx, input }) => {
    await requireCustomer(ctx.em, ctx.businessId, input.customer_id);
    const before = decodeCursor(input.cursor, ZEstimateCursor);
    const rows = await findEstimates(ctx.em, ctx.businessId, {
      status: input.status,
      customerId: input.customer_id,
      before,
      limit: input.limit + 1,
    });
    return toCursorPage(rows, input.limit, (row) => [row.created_key, row.id], toEstimateSummary);
  });
