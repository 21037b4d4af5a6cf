import { z } from 'zod';
import { CustomerContact } from '../../../../orm/entities/field-service/customer-contact.ts';
import { requireCustomer } from '../../../services/workspace/customers/require-customer.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListCustomerContactsInput, ZListCustomerContactsOutput } from './list-customer-contacts.schema.ts';

const ZContactCursor = z.tuple([z.string().max(200).regex(/^[^\u0000]*$/), z.uuid()]);

export const listCustomerContacts = tenantProcedure
  .meta({
    tool: {
      name: 'list-customer-contacts',
      title: 'List customer contacts',
      access: 'read',
      description: 'The people to reach at a customer (owner, spouse, facilities manager, ...) by name, with role, e-mail, phone and which one is primary.',
    },
  })
  .input(ZListCustomerContactsInput)
  .output(ZListCustomerContactsOutput)
  .query(async ({ ctx, input }) => {
    await requireCustomer(ctx.em, ctx.businessId, input.customer_id);
    const after = decodeCursor(input.cursor, ZContactCursor);
    const base = { businessId: ctx.businessId, customerId: input.customer_id };
    const rows = await ctx.em.find(
      CustomerContact,
      after ? { ...base, $or: [{ name: { $gt: after[0] } }, { name: after[0], id: { $gt: after[1] } }] } : base,
      { orderBy: { name: 'asc', id: 'asc' }, limit: input.limit + 1 },
    );
    return toCursorPage(rows, input.limit, (row) => [row.name, row.id], (row) => ({
      id: row.id,
      name: row.name,
      role: row.role ?? null,
      email: row.email ?? null,
      phone: row.phone ?? null,
      is_primary: row.isPrimary,
    }));
  });
