import { z } from 'zod';
import { Invoice } from '../../../../orm/entities/field-service/invoice.ts';
import { AppError } from '../../../errors/index.ts';
import { requireCustomer } from '../../../services/workspace/customers/require-customer.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findPayments, toPayment } from '../../../services/workspace/payments/payment-rows.query.ts';
import { addLocalDayRange } from '../../../services/workspace/team/local-range.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListPaymentsInput, ZListPaymentsOutput } from './list-payments.schema.ts';

const ZPaymentCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);

export const listPayments = tenantProcedure
  .meta({
    tool: {
      name: 'list-payments',
      title: 'List payments',
      access: 'read',
      description:
        'Payments received, newest first, with method, customer and the invoice they paid. Filter by customer_id, invoice_id, method and a local date range on when they were received.',
    },
  })
  .input(ZListPaymentsInput)
  .output(ZListPaymentsOutput)
  .query(async ({ ctx, input }) => {
    await requireCustomer(ctx.em, ctx.businessId, input.customer_id);
    if (input.invoice_id && !(await ctx.em.count(Invoice, { businessId: ctx.businessId, id: input.invoice_id }))) {
      throw new AppError('RESOURCE_NOT_FOUND', `No invoice with id ${input.invoice_id} in this business.`);
    }
    const after = decodeCursor(input.cursor, ZPaymentCursor);
    const rows = await findPayments(ctx.em, ctx.businessId, (where) => {
      if (input.customer_id) where.add('p.customer_id = ?', input.customer_id);
      if (input.invoice_id) where.add('p.invoice_id = ?', input.invoice_id);
      if (input.method) where.add('p.method = ?', input.method);
      addLocalDayRange(where, 'p.received_at', input);
      if (after) where.add('(p.received_at, p.id) < (?::timestamptz, ?::uuid)', ...after);
    }, input.limit + 1);
    return toCursorPage(rows, input.limit, (row) => [row.received_key, row.id], toPayment);
  });
