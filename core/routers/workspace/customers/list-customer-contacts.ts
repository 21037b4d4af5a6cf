import { z } from 'zod';
import { customerContacts, toContact } from '../../../services/workspace/customers/contacts.query.ts';
import { nameKey, ZNameKey } from '../../../services/workspace/customers/name-key.ts';
import { requireCustomer } from '../../../services/workspace/customers/require-customer.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListCustomerContactsInput, ZListCustomerContactsOutput } from './list-customer-contacts.schema.ts';

const ZContactCursor = z.tuple([z.boolean(), ZNameKey, z.uuid()]);

export const listCustomerContacts = tenantProcedure
  .meta({
    tool: {
      name: 'list-customer-contacts',
      title: 'List customer contacts',
      access: 'read',
      toolset: 'customers',
      description:
        'The people to reach at one customer (owner, spouse, facilities manager, ...), the primary contact first, then by name: role, e-mail, phone. ' +
        'An unknown customer_id is not found (not an empty list). get-customer embeds the first 50.',
    },
  })
  .input(ZListCustomerContactsInput)
  .output(ZListCustomerContactsOutput)
  .query(async ({ ctx, input }) => {
    await requireCustomer(ctx.em, ctx.businessId, input.customer_id);
    const after = decodeCursor(input.cursor, ZContactCursor);
    const rows = await customerContacts(ctx.em, ctx.businessId, input.customer_id, after, input.limit + 1);
    return toCursorPage(rows, input.limit, (row) => [row.is_primary, nameKey(row.name), row.id], toContact);
  });
