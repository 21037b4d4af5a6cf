import { z } from 'zod';
import { AppError } from '../../../errors/index.ts';
import { decodeCursor, toCursorPage, type CursorKey } from '../../../services/workspace/cursor.ts';
import {
  listCustomerRows,
  toCustomerSummary,
  type CustomerRow,
  type CustomerSort,
} from '../../../services/workspace/customers/customer-rows.query.ts';
import { toDbInstant, ZInstantKey } from '../../../services/workspace/customers/instant.ts';
import { nameKey, ZNameKey } from '../../../services/workspace/customers/name-key.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListCustomersInput, ZListCustomersOutput } from './list-customers.schema.ts';

// A cursor names its sort and resumes after that sort's key: an instant to the microsecond or a name, then the id.
const ZCustomerCursor = z.union([
  z.tuple([z.enum(['created_desc', 'created_asc']), ZInstantKey, z.uuid()]),
  z.tuple([z.literal('name_asc'), ZNameKey, z.uuid()]),
]);

/** The cursor of a row in a sort: the sort's name, its key, the id. */
function keyOf(sort: CustomerSort, row: CustomerRow): CursorKey {
  return sort === 'name_asc' ? ['name_asc', nameKey(row.name), row.id] : [sort, row.created_key, row.id];
}

export const listCustomers = tenantProcedure
  .meta({
    tool: {
      name: 'list-customers',
      title: 'List customers',
      access: 'read',
      toolset: 'customers',
      description:
        'Customers of the business with contact details, billing address and tags. Filters: status, tag (a tag name, any letter case) and created_after (inclusive); ' +
        'sort created_desc (default), created_asc or name_asc. To find a customer by name, e-mail, phone or address use search-customers; get-customer has balances and contacts.',
    },
  })
  .input(ZListCustomersInput)
  .output(ZListCustomersOutput)
  .query(async ({ ctx, input }) => {
    const cursor = decodeCursor(input.cursor, ZCustomerCursor);
    // A cursor of another sort order would resume at the wrong place.
    if (cursor && cursor[0] !== input.sort) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Invalid parameter "cursor": it continues the sort ${cursor[0]}, not ${input.sort}; pass the same sort as for the previous page.`,
        {
          details: [
            { parameter: 'cursor', code: 'invalid_cursor', message: 'cursor of another sort', path: ['cursor'] },
          ],
        },
      );
    }
    const rows = await listCustomerRows(
      ctx.em,
      ctx.businessId,
      {
        status: input.status,
        createdAfter: input.created_after ? toDbInstant(input.created_after) : undefined,
        tag: input.tag,
        after: cursor,
      },
      input.sort,
      input.limit + 1,
    );
    return toCursorPage(rows, input.limit, (row) => keyOf(input.sort, row), toCustomerSummary);
  });
