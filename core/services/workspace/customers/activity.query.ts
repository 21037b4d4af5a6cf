import { runQuery, type SqlSource } from '../../sql/query.ts';
import { instantKeySql } from '../instant-key.query.ts';

export const activityTypes = ['job', 'visit', 'estimate', 'invoice', 'payment', 'note'] as const;
type ActivityType = (typeof activityTypes)[number];

export interface ActivityRow {
  type: ActivityType;
  id: string;
  occurred_at: Date;
  occurred_key: string;
  /** Job or estimate title; payment method; note author. */
  title: string | null;
  /** Note body (first 200 characters). */
  body: string | null;
  number: number | null;
  job_id: string | null;
  invoice_id: string | null;
  status: string | null;
  amount_minor: string | null;
}

/** Where a page of activity resumes: after (occurred_at, type, id) of the last entry. */
export type ActivityKey = readonly [string, ActivityType, string];

// A document's issue date is a local date: it happened at midnight of that day in the business's zone.
const issued = (alias: string) =>
  `coalesce(${alias}.issued_on::timestamp at time zone b.time_zone, ${alias}.created_at)`;

/**
 * A customer's timeline inside one business from `since` on: jobs (created), visits (scheduled start,
 * upcoming ones included), estimates and invoices (issued, else created), payments (received) and job
 * notes (written); newest first, then by type and id. Every branch filters by business and customer.
 */
export function customerActivity(
  em: SqlSource,
  businessId: string,
  customerId: string,
  since: string,
  after: ActivityKey | undefined,
  limit: number,
): Promise<ActivityRow[]> {
  const scope = [businessId, customerId];
  return runQuery<ActivityRow>(em, {
    sql: `select a.*, ${instantKeySql('a.occurred_at')} as occurred_key from (
            select 'job' as type, j.id, j.created_at as occurred_at, j.title, null as body, j.number, j.id as job_id, null::uuid as invoice_id,
                j.status, j.total_minor as amount_minor
              from jobs j where j.business_id = ? and j.customer_id = ?
            union all
            select 'visit', v.id, v.scheduled_start, j.title, null, j.number, j.id, null, v.status, null
              from visits v join jobs j on j.business_id = v.business_id and j.id = v.job_id
              where v.business_id = ? and j.customer_id = ?
            union all
            select 'estimate', e.id, ${issued('e')}, e.title, null, e.number, e.job_id, null, e.status, null
              from estimates e join businesses b on b.id = e.business_id where e.business_id = ? and e.customer_id = ?
            union all
            select 'invoice', i.id, ${issued('i')}, null, null, i.number, i.job_id, i.id, i.status, i.total_minor
              from invoices i join businesses b on b.id = i.business_id where i.business_id = ? and i.customer_id = ?
            union all
            select 'payment', p.id, p.received_at, p.method, null, null, null, p.invoice_id, p.status, p.amount_minor
              from payments p where p.business_id = ? and p.customer_id = ?
            union all
            select 'note', n.id, n.created_at, n.author_name, left(n.body, 200), j.number, j.id, null, null, null
              from job_notes n join jobs j on j.business_id = n.business_id and j.id = n.job_id
              where n.business_id = ? and j.customer_id = ?
          ) a
          where a.occurred_at >= ?::timestamptz
            ${after ? 'and (a.occurred_at < ?::timestamptz or (a.occurred_at = ?::timestamptz and (a.type, a.id) > (?::text, ?::uuid)))' : ''}
          order by a.occurred_at desc, a.type, a.id
          limit ?`,
    params: [
      ...scope,
      ...scope,
      ...scope,
      ...scope,
      ...scope,
      ...scope,
      since,
      ...(after ? [after[0], after[0], after[1], after[2]] : []),
      limit,
    ],
  });
}
