import { z } from 'zod';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { toCustomerSummary } from '../../../services/workspace/customers/customer-rows.query.ts';
import { nameKey, ZNameKey } from '../../../services/workspace/customers/name-key.ts';
import { searchCustomers as searchRows } from '../../../services/workspace/customers/search.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZSearchCustomersInput, ZSearchCustomersOutput } from './search-customers.schema.ts';

// Resumes after (tier, closeness, name, id) of the last result: the ranking is recomputed for the same query on every page.
const ZSearchCursor = z.tuple([
  z.number().int().min(0).max(4),
  z.string().regex(/^[01](\.\d{1,6})?$/),
  ZNameKey,
  z.uuid(),
]);

const matches = ['exact_contact', 'exact_name', 'prefix', 'contains', 'similar'] as const;

export const searchCustomers = tenantProcedure
  .meta({
    tool: {
      name: 'search-customers',
      title: 'Search customers',
      access: 'read',
      toolset: 'customers',
      description:
        'Find customers of the business by part of a name, company, e-mail, phone number (any formatting) or address, best match first: ' +
        'the exact e-mail or phone number, then the exact name, then names, companies, words of them or e-mails starting with the query, then anything containing it ' +
        '(or each of its words), then close spellings of it (or of each of its words; trigram similarity; a phone number is matched by its digits only); inside each group the most similar first. Each result says why it matched. ' +
        'Paginated over that ranking with next_cursor. Use the id with get-customer or create-job; list-customers filters by status, tag and creation date instead.',
    },
  })
  .input(ZSearchCustomersInput)
  .output(ZSearchCustomersOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZSearchCursor);
    const rows = await searchRows(ctx.em, ctx.businessId, input.query, after, input.limit + 1);
    return toCursorPage(
      rows,
      input.limit,
      (row) => [row.tier, row.closeness, nameKey(row.name), row.id],
      (row) => ({
        ...toCustomerSummary(row),
        match: matches[row.tier]!,
      }),
    );
  });
