import { runQuery, type SqlSource } from '../../sql/query.ts';
import { instantKeySql } from '../instant-key.query.ts';

export interface UnscheduledJobRow {
  id: string;
  number: number;
  title: string;
  status: string;
  priority: string;
  scheduled_start: Date | string | null;
  scheduled_end: Date | string | null;
  created_at: Date | string;
  /** created_at with microseconds, as the keyset cursor carries it. */
  created_key: string;
  customer_id: string;
  customer_name: string;
  job_type_id: string | null;
  job_type_name: string | null;
  property_id: string | null;
  property_name: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
}

export interface UnscheduledJobFilter {
  now: Date;
  jobTypeId?: string;
  after?: readonly [string, string];
  limit: number;
}

/**
 * Open jobs (not completed or cancelled) with no visit still to come: no visit in scheduled,
 * en_route or in_progress status that starts at or after `now`. Oldest first.
 */
export async function findUnscheduledJobs(
  em: SqlSource,
  businessId: string,
  filter: UnscheduledJobFilter,
): Promise<UnscheduledJobRow[]> {
  const where = [
    'j.business_id = ?',
    `j.status not in ('completed', 'cancelled')`,
    `not exists (select 1 from visits v where v.business_id = ? and v.job_id = j.id
      and v.status in ('scheduled', 'en_route', 'in_progress') and v.scheduled_start >= ?)`,
  ];
  const params: unknown[] = [businessId, businessId, filter.now.toISOString()];
  if (filter.jobTypeId !== undefined) {
    where.push('j.job_type_id = ?');
    params.push(filter.jobTypeId);
  }
  if (filter.after) {
    where.push('(j.created_at, j.id) > (?::timestamptz, ?::uuid)');
    params.push(...filter.after);
  }
  params.push(filter.limit);
  const sql = `select j.id, j.number, j.title, j.status, j.priority, j.scheduled_start, j.scheduled_end, j.created_at,
      ${instantKeySql('j.created_at')} as created_key,
      c.id as customer_id, c.name as customer_name, jt.id as job_type_id, jt.name as job_type_name,
      p.id as property_id, p.name as property_name, p.address_line1, p.address_line2, p.city, p.region, p.postal_code, p.country
    from jobs j
    join customers c on c.business_id = j.business_id and c.id = j.customer_id
    left join job_types jt on jt.business_id = j.business_id and jt.id = j.job_type_id
    left join properties p on p.business_id = j.business_id and p.id = j.property_id
    where ${where.join(' and ')}
    order by j.created_at, j.id
    limit ?`;
  return runQuery<UnscheduledJobRow>(em, { sql, params });
}
