import { runQuery, type SqlSource } from '../../sql/query.ts';

export interface OverdueCandidate {
  business_id: string;
  id: string;
}

/**
 * Up to `limit` open invoices with a balance whose due date is before their business's date at
 * `now` and that have not been marked overdue, taken in turns across businesses (every business's
 * earliest due invoice, then every business's second…), so one business's backlog cannot hold
 * back another's. The first due_on bound (UTC's date plus one day, past every zone's date) lets
 * invoices_overdue_check_idx narrow the scan before each business's own date is compared.
 */
export function findOverdueCandidates(em: SqlSource, now: Date, limit: number): Promise<OverdueCandidate[]> {
  const at = now.toISOString();
  return runQuery<OverdueCandidate>(em, {
    sql: `select business_id, id from (
            select i.business_id, i.id, i.due_on,
              row_number() over (partition by i.business_id order by i.due_on, i.id) as turn
            from invoices i join businesses b on b.id = i.business_id
            where i.status = 'open' and i.overdue_at is null
              and i.due_on < (?::timestamptz at time zone 'UTC')::date + 1
              and i.due_on < (?::timestamptz at time zone b.time_zone)::date
              and i.total_minor > coalesce((select sum(p.amount_minor) from payments p
                where p.business_id = i.business_id and p.invoice_id = i.id and p.status = 'succeeded'), 0)
          ) due
          order by turn, due_on, business_id, id
          limit ?`,
    params: [at, at, limit],
  });
}

/**
 * Marks one invoice overdue, as one conditional UPDATE: only while it is still open and unmarked,
 * so of two checks racing (two processes) exactly one answers true and queues the event.
 */
export async function markInvoiceOverdue(
  em: SqlSource,
  businessId: string,
  invoiceId: string,
  now: Date,
): Promise<boolean> {
  const rows = await runQuery<{ id: string }>(em, {
    sql: `update invoices set overdue_at = ?::timestamptz
          where business_id = ? and id = ? and status = 'open' and overdue_at is null returning id`,
    params: [now.toISOString(), businessId, invoiceId],
  });
  return rows.length === 1;
}
