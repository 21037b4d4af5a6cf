import { runQuery, type SqlSource } from '../../sql/query.ts';
import { instantKeySql } from '../instant-key.query.ts';
import { Where } from '../where.ts';

export interface JobRow {
  id: string;
  number: number;
  title: string;
  description: string | null;
  status: 'unscheduled' | 'scheduled' | 'in_progress' | 'completed' | 'cancelled';
  priority: 'low' | 'normal' | 'high' | 'urgent';
  customer_id: string;
  customer_name: string;
  property_id: string | null;
  job_type_id: string | null;
  job_type_name: string | null;
  tax_rate_id: string | null;
  scheduled_start: Date | null;
  scheduled_end: Date | null;
  completed_at: Date | null;
  subtotal_minor: string;
  tax_minor: string;
  total_minor: string;
  currency: string;
  created_at: Date;
  created_key: string;
  assignees: Array<{ id: string; name: string }>;
}

export interface JobFilter {
  jobId?: string;
  status?: JobRow['status'];
  customerId?: string;
  jobTypeId?: string;
  /** Only jobs whose scheduled start is at or after this instant. */
  scheduledFrom?: string;
  /** Only jobs whose scheduled start is before this instant. */
  scheduledTo?: string;
  /** Only jobs this team member is assigned to. */
  assignedTo?: string;
  /** The (created_at key, id) of the previous page's last job; the order is newest first. */
  after?: readonly [string, string];
  limit: number;
}

/** Jobs of one business with customer, type and assignees, newest first. */
export function findJobs(em: SqlSource, businessId: string, filter: JobFilter): Promise<JobRow[]> {
  const where = new Where('j.business_id = ?', businessId);
  if (filter.jobId) where.add('j.id = ?', filter.jobId);
  if (filter.status) where.add('j.status = ?', filter.status);
  if (filter.customerId) where.add('j.customer_id = ?', filter.customerId);
  if (filter.jobTypeId) where.add('j.job_type_id = ?', filter.jobTypeId);
  if (filter.scheduledFrom) where.add('j.scheduled_start >= ?::timestamptz', filter.scheduledFrom);
  if (filter.scheduledTo) where.add('j.scheduled_start < ?::timestamptz', filter.scheduledTo);
  if (filter.assignedTo) {
    where.add(
      'exists (select 1 from job_assignments a where a.business_id = j.business_id and a.job_id = j.id and a.team_member_id = ?)',
      filter.assignedTo,
    );
  }
  if (filter.after) where.add('(j.created_at, j.id) < (?::timestamptz, ?::uuid)', ...filter.after);
  return runQuery<JobRow>(em, {
    sql: `select j.id, j.number, j.title, j.description, j.status, j.priority, c.id as customer_id, c.name as customer_name, j.property_id,
            t.id as job_type_id, t.name as job_type_name, j.tax_rate_id, j.scheduled_start, j.scheduled_end, j.completed_at,
            j.subtotal_minor, j.tax_minor, j.total_minor, j.currency, j.created_at,
            ${instantKeySql('j.created_at')} as created_key,
            coalesce((select json_agg(json_build_object('id', m.id, 'name', m.name) order by m.name collate "C", m.id)
              from job_assignments a join team_members m on m.business_id = a.business_id and m.id = a.team_member_id
              where a.business_id = j.business_id and a.job_id = j.id), '[]') as assignees
          from jobs j
          join customers c on c.business_id = j.business_id and c.id = j.customer_id
          left join job_types t on t.business_id = j.business_id and t.id = j.job_type_id
          where ${where} order by j.created_at desc, j.id desc limit ?`,
    params: [...where.params, filter.limit],
  });
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function toJobSummary(row: JobRow) {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    status: row.status,
    priority: row.priority,
    customer: { id: row.customer_id, name: row.customer_name },
    property_id: row.property_id,
    job_type: row.job_type_id && row.job_type_name ? { id: row.job_type_id, name: row.job_type_name } : null,
    scheduled_start: iso(row.scheduled_start),
    scheduled_end: iso(row.scheduled_end),
    completed_at: iso(row.completed_at),
    assigned_team_members: row.assignees,
    subtotal_minor: Number(row.subtotal_minor),
    tax_minor: Number(row.tax_minor),
    total_minor: Number(row.total_minor),
    currency: row.currency,
    created_at: new Date(row.created_at).toISOString(),
  };
}
