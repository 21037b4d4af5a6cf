import { z } from 'zod';
import { activitySummary } from '../../../services/workspace/customers/activity-summary.ts';
import { activityTypes, customerActivity } from '../../../services/workspace/customers/activity.query.ts';
import { toDbInstant, ZInstantKey } from '../../../services/workspace/customers/instant.ts';
import { requireCustomer } from '../../../services/workspace/customers/require-customer.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { businessCurrency } from '../../../services/workspace/price-book/business-currency.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetCustomerActivityInput, ZGetCustomerActivityOutput } from './get-customer-activity.schema.ts';

const ZActivityCursor = z.tuple([ZInstantKey, z.enum(activityTypes), z.uuid()]);
const DEFAULT_WINDOW_DAYS = 90;

export const getCustomerActivity = tenantProcedure
  .meta({
    tool: {
      name: 'get-customer-activity',
      title: 'Get customer activity',
      access: 'read',
      toolset: 'customers',
      description:
        "One customer's timeline, newest first (ties by type, then id): jobs created, visits by scheduled start (upcoming ones included, so they come first), " +
        'estimates and invoices issued, payments received and job notes, each with a one-line summary, status and amount. ' +
        `Covers since (default: ${DEFAULT_WINDOW_DAYS} days before now) onwards; page with next_cursor. Use it to brief yourself before contacting the customer; ` +
        'get-customer has balances, the get-* tools the details of each entry.',
    },
  })
  .input(ZGetCustomerActivityInput)
  .output(ZGetCustomerActivityOutput)
  .query(async ({ ctx, input }) => {
    await requireCustomer(ctx.em, ctx.businessId, input.customer_id);
    const since = toDbInstant(input.since ?? new Date(ctx.clock.now().getTime() - DEFAULT_WINDOW_DAYS * 86_400_000));
    const after = decodeCursor(input.cursor, ZActivityCursor);
    const rows = await customerActivity(ctx.em, ctx.businessId, input.customer_id, since, after, input.limit + 1);
    const currency = await businessCurrency(ctx.em, ctx.businessId);
    const page = toCursorPage(
      rows,
      input.limit,
      (row) => [row.occurred_key, row.type, row.id],
      (row) => ({
        type: row.type,
        id: row.id,
        occurred_at: new Date(row.occurred_at).toISOString(),
        summary: activitySummary(row, currency),
        number: row.number,
        job_id: row.job_id,
        invoice_id: row.invoice_id,
        status: row.status,
        amount_minor: row.amount_minor === null ? null : Number(row.amount_minor),
      }),
    );
    return { ...page, currency };
  });
