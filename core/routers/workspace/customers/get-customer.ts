import { loadCustomer } from '../../../services/workspace/customers/customer-detail.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetCustomerInput, ZGetCustomerOutput } from './get-customer.schema.ts';

export const getCustomer = tenantProcedure
  .meta({
    tool: {
      name: 'get-customer',
      title: 'Get customer',
      access: 'read',
      toolset: 'customers',
      description:
        'One customer of the business with billing address, tags, notes, contacts (primary first, up to 50), properties (service addresses, up to 50) and balances: ' +
        'outstanding_minor = for each open invoice, total minus succeeded payments applied to it, summed; overdue_minor = the part of it past due in the business time zone; ' +
        'open_invoice_count and job_count (all statuses). Use after search-customers or list-customers; get-customer-activity has the timeline, list-unpaid-invoices the invoices.',
    },
  })
  .input(ZGetCustomerInput)
  .output(ZGetCustomerOutput)
  .query(({ ctx, input }) => loadCustomer(ctx.em, ctx.businessId, input.customer_id, ctx.clock.now()));
