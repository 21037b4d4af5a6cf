import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZId } from '../shared/cursor-page.schema.ts';
import { ZCustomerContact } from './customer.schema.ts';

export const ZListCustomerContactsInput = z.object({
  customer_id: ZId.describe('The customer whose contacts to list.'),
  ...ZCursorPageInput,
});

export const ZListCustomerContactsOutput = ZCursorPage(ZCustomerContact);
