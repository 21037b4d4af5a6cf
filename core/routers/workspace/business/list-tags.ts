import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { listTagsWithUsage } from '../../../services/workspace/business/tags.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListTagsInput, ZListTagsOutput } from './list-tags.schema.ts';

// Names go back to PostgreSQL as bind values, which refuse NUL characters.
const ZTagCursor = z.tuple([z.string().max(50).check(noNul()), z.uuid()]);

export const listTags = tenantProcedure
  .meta({
    tool: {
      name: 'list-tags',
      title: 'List tags',
      access: 'read',
      toolset: 'business',
      description:
        'The tags the business puts on customers (e.g. VIP, Commercial), by name (byte order: uppercase before lowercase) then id, each with how many customers carry it. ' +
        'Use a tag name with list-customers (tag filter) or when creating a customer with create-customer.',
    },
  })
  .input(ZListTagsInput)
  .output(ZListTagsOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZTagCursor);
    const rows = await listTagsWithUsage(ctx.em, ctx.businessId, after, input.limit + 1);
    return toCursorPage(
      rows,
      input.limit,
      (row) => [row.name, row.id],
      (row) => ({
        id: row.id,
        name: row.name,
        color: row.color,
        customer_count: Number(row.customer_count),
      }),
    );
  });
