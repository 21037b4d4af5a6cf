import { z } from 'zod';
import { AppError } from '../../../errors/index.ts';
import { decodeCursor, toCursorPage, type CursorKey } from '../../../services/workspace/cursor.ts';
import { findCustomers, toCustomerSummary, type CustomerRow } from '../../../services/workspace/customers/customer-rows.query.ts';
import { toDbInstant, ZInstantKey } from '../../../services/workspace/customers/instant.ts';
import { nameKey, resumeNameSql, ZNameKey } from '../../../services/workspace/customers/name-key.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { customerSorts, ZListCustomersInput, ZListCustomersOutput } from './list-customers.schema.ts';

// A cursor names its sort and resumes after that sort's key: an instant to the microsecond or a name, then the id.
const ZCustomerCursor = z.union([
  z.tuple([z.enum(['created_desc', 'created_asc']), ZInstantKey, z.uuid()]),
  z.tuple([z.literal('name_asc'), ZNameKey, z.uuid()]),
]);

type Sort = (typeof customerSorts)[number];

const orders: Record<Sort, { orderBy: string; after: string; key: (row: CustomerRow) => CursorKey }> = {
  created_desc: { orderBy: 'c.created_at desc, c.id desc', after: '(c.created_at, c.id) < (?::timestamptz, ?::uuid)', key: (row) => ['created_desc', row.created_key, row.id] },
  created_asc: { orderBy: 'c.created_at, c.id', after: '(c.created_at, c.id) > (?::timestamptz, ?::uuid)', key: (row) => ['created_asc', row.created_key, row.id] },
  name_asc: {
    orderBy: 'c.name collate "C", c.id',
    after: `(c.name collate "C", c.id) > (${resumeNameSql('customers')} collate "C", ?::uuid)`,
    key: (row) => ['name_asc', nameKey(row.name), row.id],
  },
};

export const listCustomers = tenantProcedure
  .meta({
    tool: {
      name: 'list-customers',
      title: 'List customers',
      access: 'read',
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
      throw new AppError('VALIDATION_FAILED', `Invalid parameter "cursor": it continues the sort ${cursor[0]}, not ${input.sort}; pass the same sort as for the previous page.`, {
        details: [{ parameter: 'cursor', code: 'invalid_cursor', message: 'cursor of another sort', path: ['cursor'] }],
      });
    }
    const order = orders[input.sort];
    const rows = await findCustomers(ctx.em, ctx.businessId, (where) => {
      if (input.status) where.add('c.status = ?', input.status);
      if (input.created_after) where.add('c.created_at >= ?::timestamptz', toDbInstant(input.created_after));
      if (input.tag) {
        where.add(`exists (select 1 from customer_tags ct join tags t on t.business_id = ct.business_id and t.id = ct.tag_id
          where ct.business_id = c.business_id and ct.customer_id = c.id and lower(t.name) = lower(?))`, input.tag);
      }
      if (cursor?.[0] === 'name_asc') where.add(order.after, cursor[1], ctx.businessId, cursor[2], cursor[2]);
      else if (cursor) where.add(order.after, cursor[1], cursor[2]);
    }, order.orderBy, input.limit + 1);
    return toCursorPage(rows, input.limit, order.key, toCustomerSummary);
  });
