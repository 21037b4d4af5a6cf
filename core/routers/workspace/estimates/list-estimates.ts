import { z } from 'zod';
import { requireCustomer } from '../../../services/workspace/customers/require-customer.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findEstimates, toEstimate } from '../../../services/workspace/estimates/estimate-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListEstimatesInput, ZListEstimatesOutput } from './list-estimates.schema.ts';

const ZEstimateCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);

export const listEstimates = tenantProcedure
  .meta({
    tool: {
      name: 'list-estimates',
      title: 'List estimates',
      access: 'read',
      description:
        'Estimates (quotes), newest first, with customer, status, validity, how many options they offer and headline totals (the approved option, else the cheapest). ' +
        'Filter by status and customer_id; get-estimate shows every option and line.',
    },
  })
  .input(ZListEstimatesInput)
  .output(ZListEstimatesOutput)
  .query(async ({ ctx, input }) => {
    await requireCustomer(ctx.em, ctx.businessId, input.customer_id);
    const after = decodeCursor(input.cursor, ZEstimateCursor);
    const rows = await findEstimates(ctx.em, ctx.businessId, (where) => {
      if (input.status) where.add('e.status = ?', input.status);
      if (input.customer_id) where.add('e.customer_id = ?', input.customer_id);
      if (after) where.add('(e.created_at, e.id) < (?::timestamptz, ?::uuid)', ...after);
    }, input.limit + 1);
    return toCursorPage(rows, input.limit, (row) => [row.created_key, row.id], toEstimate);
  });
