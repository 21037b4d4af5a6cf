import { z } from 'zod';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findInvoices, toInvoice } from '../../../services/workspace/invoices/invoice-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListUnpaidInvoicesInput, ZListUnpaidInvoicesOutput } from './list-unpaid-invoices.schema.ts';

const ZDueCursor = z.tuple([z.iso.date(), z.uuid()]);

export const listUnpaidInvoices = tenantProcedure
  .meta({
    tool: {
      name: 'list-unpaid-invoices',
      title: 'List unpaid invoices',
      access: 'read',
      toolset: 'billing',
      description:
        'Open invoices with a balance left, earliest due first, with days overdue counted against today in the business time zone. ' +
        'overdue_only narrows to those past due: the collections list.',
    },
  })
  .input(ZListUnpaidInvoicesInput)
  .output(ZListUnpaidInvoicesOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZDueCursor);
    const rows = await findInvoices(
      ctx.em,
      ctx.businessId,
      ctx.clock.now(),
      { unpaid: true, overdueOnly: input.overdue_only, after },
      'due_asc',
      input.limit + 1,
    );
    return toCursorPage(
      rows,
      input.limit,
      (row) => [row.due_on!, row.id],
      (row) => ({ ...toInvoice(row), days_overdue: row.days_overdue }),
    );
  });
