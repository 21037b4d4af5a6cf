import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { ZCursorPage, ZCursorPageInput } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZCustomerSummary } from '../../../domain/workspace/customer.schema.ts';

export const ZSearchCustomersInput = z.object({
  query: z
    .string()
    .trim()
    .min(2)
    .max(200)
    .check(noNul())
    .describe(
      'Part of a name, company, e-mail, phone number (any formatting: "(512) 555-0100" finds "512-555-0100") or address (line 1, city, postal code); 2 to 200 characters. Close spellings are matched from 3 characters.',
    ),
  ...ZCursorPageInput,
});

export const ZSearchCustomersOutput = ZCursorPage(
  ZCustomerSummary.extend({
    match: z
      .enum(['exact_contact', 'exact_name', 'prefix', 'contains', 'similar'])
      .describe(
        'Why it matched, best first: exact_contact (the e-mail or phone number itself), exact_name (name or company), prefix (name, company, a word of them or the e-mail starts with the query), contains, similar (a close spelling).',
      ),
  }),
);
