import { runQuery, type SqlSource } from '../../sql/query.ts';
import { instantKeySql } from '../instant-key.query.ts';

/** A visit with the job, customer and service address it belongs to, as raw SQL answers it. */
export interface VisitRow {
  id: string;
  status: string;
  scheduled_start: Date | string;
  scheduled_end: Date | string;
  arrived_at: Date | string | null;
  completed_at: Date | string | null;
  notes: string | null;
  /** scheduled_start with microseconds, as the keyset cursor carries it. */
  start_key: string;
  job_id: string;
  job_number: number;
  job_title: string;
  customer_id: string;
  customer_name: string;
  property_id: string | null;
  property_name: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
}

export interface VisitFilter {
  visitId?: string;
  /** Inclusive lower bound of scheduled_start. */
  startFrom?: Date;
  /** Exclusive upper bound of scheduled_start. */
  startBefore?: Date;
  teamMemberId?: string;
  status?: string;
  after?: readonly [string, string];
  limit: number;
}

/** Visits of one business in (scheduled_start, id) order; every joined row is matched on its business too. */
export async function findVisitRows(em: SqlSource, businessId: string, filter: VisitFilter): Promise<VisitRow[]> {
  const where = ['v.business_id = ?'];
  const params: unknown[] = [businessId];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (filter.visitId !== undefined) add('v.id = ?', filter.visitId);
  if (filter.startFrom) add('v.scheduled_start >= ?', filter.startFrom.toISOString());
  if (filter.startBefore) add('v.scheduled_start < ?', filter.startBefore.toISOString());
  if (filter.status !== undefined) add('v.status = ?', filter.status);
  if (filter.teamMemberId !== undefined) {
    add(
      'exists (select 1 from visit_assignments va where va.business_id = ? and va.visit_id = v.id and va.team_member_id = ?)',
      businessId,
      filter.teamMemberId,
    );
  }
  if (filter.after) add('(v.scheduled_start, v.id) > (?::timestamptz, ?::uuid)', ...filter.after);
  params.push(filter.limit);
  const sql = `select v.id, v.status, v.scheduled_start, v.scheduled_end, v.arrived_at, v.completed_at, v.notes,
      ${instantKeySql('v.scheduled_start')} as start_key,
      j.id as job_id, j.number as job_number, j.title as job_title, c.id as customer_id, c.name as customer_name,
      p.id as property_id, p.name as property_name, p.address_line1, p.address_line2, p.city, p.region, p.postal_code, p.country
    from visits v
    join jobs j on j.business_id = v.business_id and j.id = v.job_id
    join customers c on c.business_id = j.business_id and c.id = j.customer_id
    left join properties p on p.business_id = j.business_id and p.id = j.property_id
    where ${where.join(' and ')}
    order by v.scheduled_start, v.id
    limit ?`;
  return runQuery<VisitRow>(em, { sql, params });
}
