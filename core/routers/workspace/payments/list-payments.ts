import { z } from 'zod';
import { requireCustomer } from '../../../services/workspace/customers/require-customer.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { requireInvoice } from '../../../services/workspace/invoices/require-invoice.query.ts';
import { findPayments, toPayment } from '../../../services/workspace/payments/payment-rows.query.ts';
import { assertDateOrder } from '../../../services/workspace/team/local-range.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListPaymentsInput, ZListPaymentsOutput } from './list-payments.schema.ts';

const ZPaymentCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);

export const listPayments = tenantProcedure
  .meta({
    tool: {
      name: 'list-payments',
      title: 'List payments',
      access: 'read',
      toolset: 'billing',
      description:
        'Payments received, newest first, with method, customer and the invoice they paid. Filter by customer_id, invoice_id, method and a local date range on when they were received.',
    },
  })
  .input(ZListPaymentsInput)
  .output(ZListPaymentsOutput)
  .query(async ({ ctx, input }) => {
    await requireCustomer(ctx.em, ctx.businessId, input.customer_id);
    await requireInvoice(ctx.em, ctx.businessId, input.invoice_id);
    const after = decodeCursor(input.cursor, ZPaymentCursor);
    assertDateOrder(input);
    const rows = await findPayments(ctx.em, ctx.businessId, {
      customerId: input.customer_id,
      invoiceId: input.invoice_id,
      method: input.method,
      dateFrom: input.date_from,
      dateTo: input.date_to,
      after,
      limit: input.limit + 1,
    });
    return toCursorPage(rows, input.limit, (row) => [row.received_key, row.id], toPayment);
  });
