import { loadInvoice } from '../../../services/workspace/invoices/invoice-detail.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetInvoiceInput, ZGetInvoiceOutput } from './get-invoice.schema.ts';

export const getInvoice = tenantProcedure
  .meta({
    tool: {
      name: 'get-invoice',
      title: 'Get invoice',
      access: 'read',
      toolset: 'billing',
      description: 'One invoice with its line items, totals, the payments received on it and the balance left.',
    },
  })
  .input(ZGetInvoiceInput)
  .output(ZGetInvoiceOutput)
  .query(({ ctx, input }) => loadInvoice(ctx.em, ctx.businessId, input.invoice_id, ctx.clock.now()));
