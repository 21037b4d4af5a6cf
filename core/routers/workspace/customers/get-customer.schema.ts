import { z } from 'zod';
import { ZId } from '../shared/cursor-page.schema.ts';
import { ZCustomer } from './customer.schema.ts';

export const ZGetCustomerInput = z.object({ customer_id: ZId });
export const ZGetCustomerOutput = ZCustomer;
