import { z } from 'zod';
import { requireCustomer } from '../../../services/workspace/customers/require-customer.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findInvoices, toInvoice } from '../../../services/workspace/invoices/invoice-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListInvoicesInput, ZListInvoicesOutput } from './list-invoices.schema.ts';

const ZInvoiceCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);

export const listInvoices = tenantProcedure
  .meta({
    tool: {
      name: 'list-invoices',
      title: 'List invoices',
      access: 'read',
      toolset: 'billing',
      description:
        'Invoices, newest first, with totals, amount paid, balance and whether overdue. Filter by status (draft, open, paid, void, or overdue), customer_id and due_before. ' +
        'get-invoice shows lines and payments; list-unpaid-invoices is the collections view.',
    },
  })
  .input(ZListInvoicesInput)
  .output(ZListInvoicesOutput)
  .query(async ({ ctx, input }) => {
    await requireCustomer(ctx.em, ctx.businessId, input.customer_id);
    const after = decodeCursor(input.cursor, ZInvoiceCursor);
    const rows = await findInvoices(
      ctx.em,
      ctx.businessId,
      ctx.clock.now(),
      {
        status: input.status,
        customerId: input.customer_id,
        dueBefore: input.due_before,
        after,
      },
      'created_desc',
      input.limit + 1,
    );
    return toCursorPage(rows, input.limit, (row) => [row.created_key, row.id], toInvoice);
  });
