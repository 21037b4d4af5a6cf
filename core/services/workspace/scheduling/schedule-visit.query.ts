import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../errors/index.ts';
import { runQuery } from '../../sql/query.ts';
import { checkAssignees } from '../changes/assignees.query.ts';
import { loadJob } from '../jobs/job-detail.ts';
import { jobNotFound } from '../jobs/update-job.query.ts';
import { recordOutboxEvent } from '../outbox.query.ts';
import { loadVisit } from './visit-detail.query.ts';

export interface VisitToSchedule {
  jobId: string;
  window: { start: Date; end: Date };
  assigneeIds: readonly string[];
  notes: string | null;
  now: Date;
}

/**
 * Books a visit of a job of one business in one transaction: locks the job (a completed or cancelled
 * one takes no visit: 409 CONFLICT), checks the assignees, inserts the visit and its assignments and
 * queues visit.created. An unscheduled job becomes scheduled, with the visit's window as its own
 * when it had none, and queues job.status_changed. Answers the visit as get-visit shows it.
 */
export function scheduleVisit(em: EntityManager, businessId: string, visit: VisitToSchedule) {
  const { jobId, window, now } = visit;
  return em.transactional(async (tx) => {
    const [job] = await runQuery<{ status: string }>(tx, {
      sql: 'select status from jobs where business_id = ? and id = ? for update',
      params: [businessId, jobId],
    });
    if (!job) throw jobNotFound(jobId);
    if (job.status === 'completed' || job.status === 'cancelled') {
      throw new AppError(
        'CONFLICT',
        `The job ${jobId} is ${job.status}: visits are booked only for jobs that are not completed or cancelled.`,
        { details: [{ parameter: 'job_id', code: 'job_closed', job_status: job.status }] },
      );
    }
    await checkAssignees(tx, businessId, visit.assigneeIds, 'assigned_team_member_ids');
    const visitId = randomUUID();
    const at = now.toISOString();
    await runQuery(tx, {
      sql: `insert into visits (id, business_id, job_id, scheduled_start, scheduled_end, status, notes, created_at, updated_at)
            values (?, ?, ?, ?::timestamptz, ?::timestamptz, 'scheduled', ?, ?::timestamptz, ?::timestamptz)`,
      params: [visitId, businessId, jobId, window.start.toISOString(), window.end.toISOString(), visit.notes, at, at],
    });
    if (visit.assigneeIds.length > 0) {
      await runQuery(tx, {
        sql: `insert into visit_assignments (business_id, visit_id, team_member_id)
              values ${visit.assigneeIds.map(() => '(?, ?, ?)').join(', ')}`,
        params: visit.assigneeIds.flatMap((memberId) => [businessId, visitId, memberId]),
      });
    }
    const record = await recordVisitCreated(tx, businessId, visitId, now);
    const promoted = await runQuery<{ id: string }>(tx, {
      sql: `update jobs set status = 'scheduled', updated_at = ?::timestamptz,
               scheduled_start = coalesce(scheduled_start, ?::timestamptz), scheduled_end = coalesce(scheduled_end, ?::timestamptz)
             where business_id = ? and id = ? and status = 'unscheduled' returning id`,
      params: [at, window.start.toISOString(), window.end.toISOString(), businessId, jobId],
    });
    if (promoted.length > 0) {
      recordOutboxEvent(tx, {
        businessId,
        eventType: 'job.status_changed',
        aggregateType: 'job',
        aggregateId: jobId,
        payload: { ...(await loadJob(tx, businessId, jobId)), previous_status: 'unscheduled' },
        occurredAt: now,
      });
    }
    await tx.flush();
    return record;
  });
}

/** Queues visit.created for a visit just inserted on the transaction of `em`; answers the record it carries. */
export async function recordVisitCreated(em: EntityManager, businessId: string, visitId: string, now: Date) {
  const record = await loadVisit(em, businessId, visitId);
  recordOutboxEvent(em, {
    businessId,
    eventType: 'visit.created',
    aggregateType: 'visit',
    aggregateId: visitId,
    payload: record,
    occurredAt: now,
  });
  return record;
}
