import { jobStatuses } from '../../../../orm/entities/field-service/job.ts';
import { runQuery, type SqlSource } from '../../sql/query.ts';

type JobStatus = (typeof jobStatuses)[number];

/**
 * What has happened and what is planned at one property: jobs per status (every status present),
 * the most recently completed job, and the next visit still to come.
 */
export async function propertyJobHistory(em: SqlSource, businessId: string, propertyId: string, now: Date) {
  const [counts, lastCompleted, nextVisit] = await Promise.all([
    runQuery<{ status: JobStatus; n: string }>(em, {
      sql: 'select j.status, count(*) as n from jobs j where j.business_id = ? and j.property_id = ? group by j.status',
      params: [businessId, propertyId],
    }),
    // A completed job without a completion instant cannot be placed in time, so it is never "last".
    runQuery<{ id: string; number: number; title: string; completed_at: Date }>(em, {
      sql: `select j.id, j.number, j.title, j.completed_at from jobs j
            where j.business_id = ? and j.property_id = ? and j.status = 'completed' and j.completed_at is not null
            order by j.completed_at desc, j.id desc limit 1`,
      params: [businessId, propertyId],
    }),
    // Still planned: a visit in status scheduled starting now or later, of a job that was not cancelled.
    runQuery<{ id: string; job_id: string; job_number: number; scheduled_start: Date; scheduled_end: Date }>(em, {
      sql: `select v.id, v.job_id, j.number as job_number, v.scheduled_start, v.scheduled_end
            from visits v join jobs j on j.business_id = v.business_id and j.id = v.job_id
            where v.business_id = ? and j.property_id = ? and v.status = 'scheduled' and j.status <> 'cancelled' and v.scheduled_start >= ?::timestamptz
            order by v.scheduled_start, v.id limit 1`,
      params: [businessId, propertyId, now.toISOString()],
    }),
  ]);
  const byStatus = Object.fromEntries(jobStatuses.map((status) => [status, 0])) as Record<JobStatus, number>;
  for (const count of counts) byStatus[count.status] = Number(count.n);
  const last = lastCompleted[0];
  const next = nextVisit[0];
  return {
    job_count: counts.reduce((sum, count) => sum + Number(count.n), 0),
    jobs_by_status: byStatus,
    last_completed_job: last
      ? {
          id: last.id,
          number: Number(last.number),
          title: last.title,
          completed_at: new Date(last.completed_at).toISOString(),
        }
      : null,
    next_scheduled_visit: next
      ? {
          id: next.id,
          job_id: next.job_id,
          job_number: Number(next.job_number),
          scheduled_start: new Date(next.scheduled_start).toISOString(),
          scheduled_end: new Date(next.scheduled_end).toISOString(),
        }
      : null,
  };
}
