import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDateTime } from '../shared/cursor-page.schema.ts';
import { customerStatuses, ZCustomerSummary } from './customer.schema.ts';

export const customerSorts = ['created_desc', 'created_asc', 'name_asc'] as const;

export const ZListCustomersInput = z.object({
  status: z.enum(customerStatuses).optional(),
  tag: z.string().min(1).max(50).optional().describe('Only customers carrying this tag (name, any letter case; see list-tags).'),
  created_after: ZDateTime.optional().describe('Only customers created at or after this instant.'),
  sort: z.enum(customerSorts).default('created_desc').describe('created_desc (default), created_asc or name_asc; ties by id.'),
  ...ZCursorPageInput,
});

export const ZListCustomersOutput = ZCursorPage(ZCustomerSummary);
