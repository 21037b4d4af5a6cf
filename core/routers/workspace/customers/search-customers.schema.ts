import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput } from '../shared/cursor-page.schema.ts';
import { ZCustomerSummary } from './customer.schema.ts';

export const ZSearchCustomersInput = z.object({
  query: z.string().trim().min(2).max(200).describe('Part of a name, company, e-mail, phone number (any formatting) or address; at least 2 characters.'),
  ...ZCursorPageInput,
});

export const ZSearchCustomersOutput = ZCursorPage(ZCustomerSummary);
