import { z } from 'zod';
import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZCustomer } from '../../../domain/workspace/customer.schema.ts';

export const ZGetCustomerInput = z.object({
  customer_id: ZId.describe('A customer id from search-customers or list-customers.'),
});
export const ZGetCustomerOutput = ZCustomer;
