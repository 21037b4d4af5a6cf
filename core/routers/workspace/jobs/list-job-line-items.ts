import { z } from 'zod';
import { runQuery } from '../../../services/sql/query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { requireJob } from '../../../services/workspace/jobs/require-job.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZJobChildrenInput, ZListJobLineItemsOutput } from './job-children.schema.ts';

const ZLineCursor = z.tuple([z.number().int().min(-2_147_483_648).max(2_147_483_647), z.uuid()]);

interface LineRow {
  id: string;
  position: number;
  kind: 'service' | 'material' | 'custom';
  name: string;
  description: string | null;
  quantity: string;
  unit_price_minor: string;
  taxable: boolean;
  amount_minor: string;
  price_book_item_id: string | null;
}

export const listJobLineItems = tenantProcedure
  .meta({
    tool: {
      name: 'list-job-line-items',
      title: 'List job line items',
      access: 'read',
      description: 'The priced lines of a job in position order, page by page: services, materials and custom charges with quantity, unit price, taxability and amount (minor units). get-job has them all at once with the totals.',
    },
  })
  .input(ZJobChildrenInput)
  .output(ZListJobLineItemsOutput)
  .query(async ({ ctx, input }) => {
    await requireJob(ctx.em, ctx.businessId, input.job_id);
    const after = decodeCursor(input.cursor, ZLineCursor);
    const rows = await runQuery<LineRow>(ctx.em, {
      sql: `select id, position, kind, name, description, quantity, unit_price_minor, taxable, amount_minor, price_book_item_id
            from job_line_items where business_id = ? and job_id = ? ${after ? 'and (position, id) > (?, ?::uuid)' : ''}
            order by position, id limit ?`,
      params: [ctx.businessId, input.job_id, ...(after ?? []), input.limit + 1],
    });
    return toCursorPage(rows, input.limit, (row) => [row.position, row.id], (row) => ({
      ...row,
      quantity: Number(row.quantity),
      unit_price_minor: Number(row.unit_price_minor),
      amount_minor: Number(row.amount_minor),
    }));
  });
