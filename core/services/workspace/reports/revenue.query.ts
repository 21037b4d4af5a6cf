import { runQuery, type SqlSource } from '../../sql/query.ts';

export interface RevenuePeriodRow {
  period_start: string;
  period_end: string;
  invoiced: string;
  collected: string;
  outstanding: string;
}

/**
 * Invoiced, collected and outstanding per local calendar period of one business. Invoices count
 * when issued (drafts and void ones never); payments when received (succeeded only), on the
 * business's local date; outstanding = invoices issued by the period's end minus the payments on
 * them received by then.
 */
export function revenueByPeriod(
  em: SqlSource,
  businessId: string,
  range: { date_from: string; date_to: string; group_by: 'day' | 'week' | 'month' },
): Promise<RevenuePeriodRow[]> {
  return runQuery<RevenuePeriodRow>(em, {
    sql: `with settings as (
            select ?::date as d_from, ?::date as d_to, ('1 ' || ?)::interval as step, ? as unit, b.time_zone as tz from businesses b where b.id = ?
          ),
          periods as (
            select greatest(p::date, s.d_from) as period_start, least((p + s.step)::date, s.d_to + 1) as period_end
            from settings s, generate_series(date_trunc(s.unit, s.d_from::timestamp), s.d_to::timestamp, s.step) p
          ),
          issued as (
            select i.id, i.issued_on, i.total_minor from invoices i, settings s
            where i.business_id = ? and i.status not in ('draft', 'void') and i.issued_on is not null and i.issued_on <= s.d_to
          ),
          received as (
            select p.invoice_id, p.amount_minor, (p.received_at at time zone s.tz)::date as day from payments p, settings s
            where p.business_id = ? and p.status = 'succeeded' and p.received_at < ((s.d_to + 1)::timestamp at time zone s.tz)
          )
          select to_char(period_start, 'YYYY-MM-DD') as period_start, to_char(period_end - 1, 'YYYY-MM-DD') as period_end,
            coalesce((select sum(total_minor) from issued where issued_on >= period_start and issued_on < period_end), 0) as invoiced,
            coalesce((select sum(amount_minor) from received where day >= period_start and day < period_end), 0) as collected,
            coalesce((select sum(total_minor) from issued where issued_on < period_end), 0)
              - coalesce((select sum(r.amount_minor) from received r join issued i on i.id = r.invoice_id where r.day < period_end), 0) as outstanding
          from periods order by period_start`,
    params: [range.date_from, range.date_to, range.group_by, range.group_by, businessId, businessId, businessId],
  });
}
