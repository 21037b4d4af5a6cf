import { AppError } from '../../../errors/index.ts';
import { findInvoicePayments } from '../../../services/workspace/invoices/invoice-payments.query.ts';
import { findInvoices, toInvoice } from '../../../services/workspace/invoices/invoice-rows.query.ts';
import { lineItemsOf } from '../../../services/workspace/line-items.query.ts';
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
  .query(async ({ ctx, input }) => {
    const [row] = await findInvoices(
      ctx.em,
      ctx.businessId,
      ctx.clock.now(),
      { invoiceId: input.invoice_id },
      'created_desc',
      1,
    );
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No invoice with id ${input.invoice_id} in this business.`);
    const [lines, payments] = await Promise.all([
      lineItemsOf(ctx.em, 'invoice', ctx.businessId, row.id),
      findInvoicePayments(ctx.em, ctx.businessId, row.id),
    ]);
    return {
      ...toInvoice(row),
      line_items: lines,
      payments: payments.map((payment) => ({
        ...payment,
        amount_minor: Number(payment.amount_minor),
        received_at: new Date(payment.received_at).toISOString(),
      })),
    };
  });
