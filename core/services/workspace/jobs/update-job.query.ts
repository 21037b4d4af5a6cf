import type { EntityManager } from '@mikro-orm/postgresql';
import { JobType } from '../../../../orm/entities/field-service/job-type.ts';
import { Property } from '../../../../orm/entities/field-service/property.ts';
import { AppError } from '../../../errors/index.ts';
import { runQuery } from '../../sql/query.ts';
import { checkAssignees } from '../changes/assignees.query.ts';
import { recordChangeEvents } from '../changes/record-change-events.ts';
import { loadJob } from './job-detail.ts';
import { notFound } from './job-references.query.ts';

/** What update-job changes: a column is set only when its key is present (null clears it). */
export interface JobChanges {
  title?: string;
  description?: string | null;
  priority?: 'low' | 'normal' | 'high' | 'urgent';
  job_type_id?: string | null;
  property_id?: string | null;
  /** The team members replacing the job's assignees. */
  assigneeIds?: readonly string[];
}

// The columns a change may set, by their own names: nothing from the input ever becomes SQL text.
const COLUMNS = ['title', 'description', 'priority', 'job_type_id', 'property_id'] as const;

// What job.updated's previous_attributes may name: the record's fields a change reaches.
const CHANGEABLE = [
  'title',
  'description',
  'priority',
  'job_type',
  'property_id',
  'property',
  'assigned_team_members',
] as const;

export function jobNotFound(jobId: string): AppError {
  return new AppError('RESOURCE_NOT_FOUND', `No job with id ${jobId} in this business.`);
}

/**
 * Changes one job of one business in one transaction: locks its row, checks every id it names
 * (job type of the business, property of the job's customer, active team members), sets the given
 * columns and assignees and queues job.updated when something changed. Answers the stored job as
 * get-job shows it. A job of another business is not found.
 */
export function updateJob(em: EntityManager, businessId: string, jobId: string, changes: JobChanges, now: Date) {
  return em.transactional(async (tx) => {
    const [job] = await runQuery<{ customer_id: string }>(tx, {
      sql: 'select customer_id from jobs where business_id = ? and id = ? for update',
      params: [businessId, jobId],
    });
    if (!job) throw jobNotFound(jobId);
    if (changes.job_type_id && !(await tx.count(JobType, { businessId, id: changes.job_type_id })))
      throw notFound('job_type_id', 'job type', changes.job_type_id);
    if (
      changes.property_id &&
      !(await tx.count(Property, { businessId, id: changes.property_id, customerId: job.customer_id }))
    )
      throw notFound('property_id', "property of the job's customer", changes.property_id);
    if (changes.assigneeIds) await checkAssignees(tx, businessId, changes.assigneeIds, 'assigned_team_member_ids');

    const before = await loadJob(tx, businessId, jobId);
    const set = COLUMNS.filter((column) => changes[column] !== undefined);
    if (set.length > 0) {
      await runQuery(tx, {
        sql: `update jobs set ${set.map((column) => `${column} = ?`).join(', ')}, updated_at = ?
               where business_id = ? and id = ?`,
        params: [...set.map((column) => changes[column]), now.toISOString(), businessId, jobId],
      });
    }
    if (changes.assigneeIds) {
      await runQuery(tx, {
        sql: 'delete from job_assignments where business_id = ? and job_id = ?',
        params: [businessId, jobId],
      });
      if (changes.assigneeIds.length > 0) {
        await runQuery(tx, {
          sql: `insert into job_assignments (business_id, job_id, team_member_id)
                values ${changes.assigneeIds.map(() => '(?, ?, ?)').join(', ')}`,
          params: changes.assigneeIds.flatMap((memberId) => [businessId, jobId, memberId]),
        });
      }
    }
    const after = await loadJob(tx, businessId, jobId);
    recordChangeEvents(tx, {
      businessId,
      aggregateType: 'job',
      aggregateId: jobId,
      before,
      after,
      fields: CHANGEABLE,
      updated: 'job.updated',
      occurredAt: now,
    });
    await tx.flush();
    return after;
  });
}
