import { loadCustomer } from '../../../services/workspace/customers/customer-detail.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetCustomerInput, ZGetCustomerOutput } from './get-customer.schema.ts';

export const getCustomer = tenantProcedure
  .meta({
    tool: {
      name: 'get-customer',
      title: 'Get customer',
      access: 'read',
      description:
        'One customer with contacts, properties (service addresses), tags and balances (outstanding and overdue on open invoices, job count). ' +
        'Use after search-customers or list-customers; get-customer-activity has the timeline.',
    },
  })
  .input(ZGetCustomerInput)
  .output(ZGetCustomerOutput)
  .query(({ ctx, input }) => loadCustomer(ctx.em, ctx.businessId, input.customer_id, ctx.clock.now()));
