import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZCustomerContact } from '../../../domain/workspace/customer.schema.ts';

export const ZListCustomerContactsInput = z.object({
  customer_id: ZId.describe('The customer whose contacts to list.'),
  ...ZCursorPageInput,
});

export const ZListCustomerContactsOutput = ZCursorPage(ZCustomerContact);
