import { router } from '../../../trpc.ts';
import { createCustomer } from './create-customer.ts';
import { getCustomerActivity } from './get-customer-activity.ts';
import { getCustomer } from './get-customer.ts';
import { listCustomerContacts } from './list-customer-contacts.ts';
import { listCustomers } from './list-customers.ts';
import { searchCustomers } from './search-customers.ts';
import { updateCustomer } from './update-customer.ts';

export const customersRouter = router({
  searchCustomers,
  listCustomers,
  getCustomer,
  listCustomerContacts,
  getCustomerActivity,
  createCustomer,
  updateCustomer,
});
