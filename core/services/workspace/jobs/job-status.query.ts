import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';
import { checkTransition, transitionRefused } from '../changes/status-transition.ts';
import { recordOutboxEvent } from '../outbox.query.ts';
import { loadJob } from './job-detail.ts';
import { jobTransitions, type JobStatus } from './job-transitions.ts';
import { jobNotFound } from './update-job.query.ts';

/**
 * Moves one job of one business to `status` and queues job.status_changed (the record and its
 * previous status) in the same transaction. The change is one conditional UPDATE on the status just
 * read: of concurrent identical changes one succeeds and records the event, the others find the
 * status changed under them and are refused (409 STATUS_TRANSITION_NOT_ALLOWED with the status they
 * found), as is any change jobTransitions does not allow. Completing stamps completed_at.
 */
export function changeJobStatus(em: EntityManager, businessId: string, jobId: string, status: JobStatus, now: Date) {
  return em.transactional(async (tx) => {
    const current = await jobStatus(tx, businessId, jobId);
    checkTransition('job', jobId, current, status, jobTransitions);
    const changed = await runQuery<{ id: string }>(tx, {
      sql: `update jobs set status = ?, updated_at = ?,
               completed_at = case when ? = 'completed' then ?::timestamptz else completed_at end
             where business_id = ? and id = ? and status = ? returning id`,
      params: [status, now.toISOString(), status, now.toISOString(), businessId, jobId, current],
    });
    if (changed.length === 0) {
      const found = await jobStatus(tx, businessId, jobId);
      throw transitionRefused('job', jobId, found, status, jobTransitions);
    }
    const record = await loadJob(tx, businessId, jobId);
    recordOutboxEvent(tx, {
      businessId,
      eventType: 'job.status_changed',
      aggregateType: 'job',
      aggregateId: jobId,
      payload: { ...record, previous_status: current },
      occurredAt: now,
    });
    await tx.flush();
    return record;
  });
}

async function jobStatus(em: EntityManager, businessId: string, jobId: string): Promise<JobStatus> {
  const [row] = await runQuery<{ status: JobStatus }>(em, {
    sql: 'select status from jobs where business_id = ? and id = ?',
    params: [businessId, jobId],
  });
  if (!row) throw jobNotFound(jobId);
  return row.status;
}
