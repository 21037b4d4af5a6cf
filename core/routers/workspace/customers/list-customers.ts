import { z } from 'zod';
import { AppError } from '../../../errors/index.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findCustomers, toCustomerSummary } from '../../../services/workspace/customers/customer-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListCustomersInput, ZListCustomersOutput } from './list-customers.schema.ts';

// Each sort resumes after its own key: an instant to the microsecond or a name, then the id.
const ZCustomerCursor = z.tuple([z.enum(['created_desc', 'created_asc', 'name_asc']), z.string().max(200).regex(/^[^\u0000]*$/), z.uuid()]);

const orders = {
  created_desc: { orderBy: 'c.created_at desc, c.id desc', after: '(c.created_at, c.id) < (?::timestamptz, ?::uuid)' },
  created_asc: { orderBy: 'c.created_at, c.id', after: '(c.created_at, c.id) > (?::timestamptz, ?::uuid)' },
  name_asc: { orderBy: 'c.name collate "C", c.id', after: '(c.name collate "C", c.id) > (? collate "C", ?::uuid)' },
} as const;

export const listCustomers = tenantProcedure
  .meta({
    tool: {
      name: 'list-customers',
      title: 'List customers',
      access: 'read',
      description:
        'Customers with contact details, billing address and tags. Filter by status, tag (a tag name) and created_after; sort created_desc (default), created_asc or name_asc. ' +
        'To find a customer by name, e-mail, phone or address use search-customers.',
    },
  })
  .input(ZListCustomersInput)
  .output(ZListCustomersOutput)
  .query(async ({ ctx, input }) => {
    const cursor = decodeCursor(input.cursor, ZCustomerCursor);
    // A cursor of another sort order would resume at the wrong place.
    if (cursor && cursor[0] !== input.sort) {
      throw new AppError('VALIDATION_FAILED', `Invalid parameter "cursor": it belongs to sort ${cursor[0]}, not ${input.sort}.`, {
        details: [{ parameter: 'cursor', code: 'invalid_cursor', message: 'cursor of another sort', path: ['cursor'] }],
      });
    }
    const after = cursor ? ([cursor[1], cursor[2]] as const) : undefined;
    const order = orders[input.sort];
    const rows = await findCustomers(ctx.em, ctx.businessId, (where) => {
      if (input.status) where.add('c.status = ?', input.status);
      if (input.created_after) where.add('c.created_at >= ?::timestamptz', input.created_after);
      if (input.tag) {
        where.add(`exists (select 1 from customer_tags ct join tags t on t.business_id = ct.business_id and t.id = ct.tag_id
          where ct.business_id = c.business_id and ct.customer_id = c.id and lower(t.name) = lower(?))`, input.tag);
      }
      if (after) where.add(order.after, ...after);
    }, order.orderBy, input.limit + 1);
    return toCursorPage(rows, input.limit, (row) => [input.sort, input.sort === 'name_asc' ? row.name : row.created_key, row.id], toCustomerSummary);
  });
