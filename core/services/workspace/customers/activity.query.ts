import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';

export interface ActivityRow {
  type: 'job' | 'visit' | 'estimate' | 'invoice' | 'payment' | 'note';
  id: string;
  occurred_at: Date;
  occurred_key: string;
  title: string;
  number: number | null;
  job_id: string | null;
  status: string | null;
  amount_minor: string | null;
}

/**
 * A customer's timeline inside one business: jobs (created), visits (scheduled start), estimates
 * (created), invoices (issued, else created), payments (received) and job notes, newest first,
 * ties broken by type then id. Every branch filters by business and customer.
 */
export function customerActivity(
  em: EntityManager,
  businessId: string,
  customerId: string,
  since: Date,
  after: readonly [string, string, string] | undefined,
  limit: number,
): Promise<ActivityRow[]> {
  const scope = [businessId, customerId];
  return runQuery<ActivityRow>(em, {
    sql: `select a.*, to_char(a.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as occurred_key from (
            select 'job' as type, j.id, j.created_at as occurred_at, j.title, j.number, j.id as job_id, j.status, j.total_minor as amount_minor
              from jobs j where j.business_id = ? and j.customer_id = ?
            union all
            select 'visit', v.id, v.scheduled_start, j.title, j.number, j.id, v.status, null
              from visits v join jobs j on j.business_id = v.business_id and j.id = v.job_id where v.business_id = ? and j.customer_id = ?
            union all
            select 'estimate', e.id, e.created_at, e.title, e.number, e.job_id, e.status, null
              from estimates e where e.business_id = ? and e.customer_id = ?
            union all
            select 'invoice', i.id, coalesce((i.issued_on::timestamp at time zone b.time_zone), i.created_at), null, i.number, i.job_id, i.status, i.total_minor
              from invoices i join businesses b on b.id = i.business_id where i.business_id = ? and i.customer_id = ?
            union all
            select 'payment', p.id, p.received_at, p.method, null, null, p.status, p.amount_minor
              from payments p where p.business_id = ? and p.customer_id = ?
            union all
            select 'note', n.id, n.created_at, left(n.body, 200), j.number, j.id, null, null
              from job_notes n join jobs j on j.business_id = n.business_id and j.id = n.job_id where n.business_id = ? and j.customer_id = ?
          ) a
          where a.occurred_at >= ?::timestamptz ${after ? 'and (a.occurred_at, a.type, a.id) < (?::timestamptz, ?, ?::uuid)' : ''}
          order by a.occurred_at desc, a.type desc, a.id desc
          limit ?`,
    params: [...scope, ...scope, ...scope, ...scope, ...scope, ...scope, since.toISOString(), ...(after ?? []), limit],
  });
}

/** One line a person can read. */
export function activitySummary(row: ActivityRow, currency: string): string {
  // Minor units per major unit differ by currency (cents for USD, none for JPY).
  const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const money = (minor: string | null) => (minor === null ? '' : `${(Number(minor) / 10 ** digits).toFixed(digits)} ${currency}`);
  switch (row.type) {
    case 'job':
      return `Job #${row.number} "${row.title}" created (${row.status}), total ${money(row.amount_minor)}`;
    case 'visit':
      return `Visit for job #${row.number} "${row.title}" (${row.status})`;
    case 'estimate':
      return `Estimate #${row.number} "${row.title}" (${row.status})`;
    case 'invoice':
      return `Invoice #${row.number} (${row.status}), total ${money(row.amount_minor)}`;
    case 'payment':
      return `Payment of ${money(row.amount_minor)} by ${row.title} (${row.status})`;
    case 'note':
      return `Note on job #${row.number}: ${row.title}`;
  }
}
