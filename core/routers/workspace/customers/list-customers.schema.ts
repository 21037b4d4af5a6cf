import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { ZCursorPage, ZCursorPageInput, ZDateTime } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZCustomerStatus, ZCustomerSummary } from '../../../domain/workspace/customer.schema.ts';

const customerSorts = ['created_desc', 'created_asc', 'name_asc'] as const;

export const ZListCustomersInput = z.object({
  status: ZCustomerStatus.optional().describe('Only customers with this status; omit for all.'),
  tag: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .check(noNul())
    .optional()
    .describe(
      'Only customers carrying the tag with this name, compared regardless of letter case (names from list-tags).',
    ),
  created_after: ZDateTime.optional().describe('Only customers created at or after this instant.'),
  sort: z
    .enum(customerSorts)
    .default('created_desc')
    .describe(
      'created_desc: newest first (default); created_asc: oldest first; name_asc: by name in byte order (uppercase before lowercase). Ties by id.',
    ),
  ...ZCursorPageInput,
});

export const ZListCustomersOutput = ZCursorPage(ZCustomerSummary);
