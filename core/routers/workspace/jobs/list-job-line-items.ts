import { z } from 'zod';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findJobLineItems } from '../../../services/workspace/jobs/job-children.query.ts';
import { requireJob } from '../../../services/workspace/jobs/require-job.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZJobChildrenInput, ZListJobLineItemsOutput } from './job-children.schema.ts';

const ZLineCursor = z.tuple([z.number().int().min(-2_147_483_648).max(2_147_483_647), z.uuid()]);

export const listJobLineItems = tenantProcedure
  .meta({
    tool: {
      name: 'list-job-line-items',
      title: 'List job line items',
      access: 'read',
      toolset: 'jobs',
      description:
        'The priced lines of a job in position order, page by page: services, materials and custom charges with quantity, unit price, taxability and amount (minor units). get-job has them all at once with the totals.',
    },
  })
  .input(ZJobChildrenInput)
  .output(ZListJobLineItemsOutput)
  .query(async ({ ctx, input }) => {
    await requireJob(ctx.em, ctx.businessId, input.job_id);
    const after = decodeCursor(input.cursor, ZLineCursor);
    const rows = await findJobLineItems(ctx.em, ctx.businessId, input.job_id, after, input.limit + 1);
    return toCursorPage(
      rows,
      input.limit,
      (row) => [row.position, row.id],
      (row) => ({
        ...row,
        quantity: Number(row.quantity),
        unit_price_minor: Number(row.unit_price_minor),
        amount_minor: Number(row.amount_minor),
      }),
    );
  });
