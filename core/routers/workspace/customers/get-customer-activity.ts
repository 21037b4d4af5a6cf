import { z } from 'zod';
import { activitySummary, customerActivity } from '../../../services/workspace/customers/activity.query.ts';
import { requireCustomer } from '../../../services/workspace/customers/require-customer.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { businessCurrency } from '../../../services/workspace/price-book/business-currency.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { activityTypes, ZGetCustomerActivityInput, ZGetCustomerActivityOutput } from './get-customer-activity.schema.ts';

const ZActivityCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.enum(activityTypes), z.uuid()]);
const DEFAULT_WINDOW_DAYS = 90;

export const getCustomerActivity = tenantProcedure
  .meta({
    tool: {
      name: 'get-customer-activity',
      title: 'Get customer activity',
      access: 'read',
      description:
        'A customer\'s timeline, newest first: jobs, visits, estimates, invoices, payments and job notes, each with a one-line summary. ' +
        `Default window: the last ${DEFAULT_WINDOW_DAYS} days (set since for more). Use it to brief yourself before talking to the customer.`,
    },
  })
  .input(ZGetCustomerActivityInput)
  .output(ZGetCustomerActivityOutput)
  .query(async ({ ctx, input }) => {
    await requireCustomer(ctx.em, ctx.businessId, input.customer_id);
    const since = input.since ? new Date(input.since) : new Date(ctx.clock.now().getTime() - DEFAULT_WINDOW_DAYS * 86_400_000);
    const after = decodeCursor(input.cursor, ZActivityCursor);
    const [rows, currency] = await Promise.all([
      customerActivity(ctx.em, ctx.businessId, input.customer_id, since, after, input.limit + 1),
      businessCurrency(ctx.em, ctx.businessId),
    ]);
    const page = toCursorPage(rows, input.limit, (row) => [row.occurred_key, row.type, row.id], (row) => ({
      type: row.type,
      id: row.id,
      occurred_at: new Date(row.occurred_at).toISOString(),
      summary: activitySummary(row, currency),
      job_id: row.job_id,
      status: row.status,
      amount_minor: row.amount_minor === null ? null : Number(row.amount_minor),
    }));
    return { ...page, currency };
  });
