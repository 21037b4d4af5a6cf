import { runQuery, type SqlSource } from '../../sql/query.ts';

interface BalanceRow {
  outstanding: string;
  overdue: string;
  open_count: string;
  job_count: string;
  currency: string;
}

/**
 * The money position of one customer of one business. Per open invoice, its balance is total_minor
 * minus the succeeded payments applied to it (refunded ones do not count); outstanding sums those
 * balances, overdue sums the ones whose due date is before today in the business's time zone.
 * Draft, paid and void invoices are not owed. Jobs count every job of the customer, any status.
 */
export async function customerBalances(em: SqlSource, businessId: string, customerId: string, now: Date) {
  const [row] = await runQuery<BalanceRow>(em, {
    sql: `select coalesce(sum(i.balance), 0) as outstanding,
            coalesce(sum(i.balance) filter (where i.due_on < (?::timestamptz at time zone b.time_zone)::date), 0) as overdue,
            count(i.id) as open_count,
            (select count(*) from jobs j where j.business_id = b.id and j.customer_id = ?) as job_count,
            b.currency
          from businesses b
          left join lateral (
            select inv.id, inv.due_on, inv.total_minor - coalesce((select sum(p.amount_minor) from payments p
                where p.business_id = inv.business_id and p.invoice_id = inv.id and p.status = 'succeeded'), 0) as balance
            from invoices inv where inv.business_id = b.id and inv.customer_id = ? and inv.status = 'open'
          ) i on true
          where b.id = ?
          group by b.id`,
    params: [now.toISOString(), customerId, customerId, businessId],
  });
  return {
    outstanding_minor: Number(row?.outstanding ?? 0),
    overdue_minor: Number(row?.overdue ?? 0),
    open_invoice_count: Number(row?.open_count ?? 0),
    job_count: Number(row?.job_count ?? 0),
    currency: row?.currency ?? 'USD',
  };
}
