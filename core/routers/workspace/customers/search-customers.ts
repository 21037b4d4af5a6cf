import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../../services/workspace/cursor.ts';
import { toCustomerSummary } from '../../../services/workspace/customers/customer-rows.query.ts';
import { searchCustomers as searchRows } from '../../../services/workspace/customers/search.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZSearchCustomersInput, ZSearchCustomersOutput } from './search-customers.schema.ts';

// A ranked list has no stable key to resume after, so its cursor is the position in the ranking.
const ZRankCursor = z.tuple([z.literal('rank'), z.number().int().min(0).max(10_000)]);

export const searchCustomers = tenantProcedure
  .meta({
    tool: {
      name: 'search-customers',
      title: 'Search customers',
      access: 'read',
      description:
        'Find customers by part of a name, company, e-mail, phone number (any formatting) or address, best match first: exact e-mail or phone, ' +
        'then names starting with the query, then anything containing it, then close spellings. Use the id with get-customer or create-job.',
    },
  })
  .input(ZSearchCustomersInput)
  .output(ZSearchCustomersOutput)
  .query(async ({ ctx, input }) => {
    const offset = decodeCursor(input.cursor, ZRankCursor)?.[1] ?? 0;
    const rows = await searchRows(ctx.em, ctx.businessId, input.query, offset, input.limit + 1);
    return {
      items: rows.slice(0, input.limit).map(toCustomerSummary),
      next_cursor: rows.length > input.limit ? encodeCursor(['rank', offset + input.limit]) : null,
    };
  });
