import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Job } from '../../../../orm/entities/field-service/job.ts';
import { JobAssignment } from '../../../../orm/entities/field-service/job-assignment.ts';
import { JobLineItem } from '../../../../orm/entities/field-service/job-line-item.ts';
import { Visit } from '../../../../orm/entities/field-service/visit.ts';
import { VisitAssignment } from '../../../../orm/entities/field-service/visit-assignment.ts';
import type { Totals } from '../totals.ts';
import type { NewLine } from './priced-lines.ts';

export interface NewJob {
  businessId: string;
  number: number;
  currency: string;
  customerId: string;
  propertyId: string | null;
  jobTypeId: string | null;
  title: string;
  description: string | null;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  window: { start: Date; end: Date } | undefined;
  assigneeIds: readonly string[];
  taxRateId: string | null;
  lines: readonly NewLine[];
  totals: Totals;
  now: Date;
}

/**
 * Inserts a job with its lines and assignees and, when it has a window, its first visit booked for
 * that window with the same assignees. Answers the job's id. Runs on the caller's transaction.
 */
export async function storeJob(em: EntityManager, job: NewJob): Promise<string> {
  const { businessId, now } = job;
  const jobId = randomUUID();
  em.create(Job, {
    id: jobId,
    businessId,
    number: job.number,
    customerId: job.customerId,
    propertyId: job.propertyId,
    jobTypeId: job.jobTypeId,
    title: job.title,
    description: job.description,
    status: job.window ? 'scheduled' : 'unscheduled',
    priority: job.priority,
    scheduledStart: job.window?.start ?? null,
    scheduledEnd: job.window?.end ?? null,
    taxRateId: job.taxRateId,
    currency: job.currency,
    subtotalMinor: job.totals.subtotalMinor,
    taxMinor: job.totals.taxMinor,
    totalMinor: job.totals.totalMinor,
    createdAt: now,
    updatedAt: now,
  });
  // Entities declare no relations, so the unit of work cannot order inserts: each level is flushed before its children.
  await em.flush();
  job.lines.forEach((line, index) =>
    em.create(JobLineItem, {
      id: randomUUID(),
      businessId,
      jobId,
      position: index + 1,
      ...line,
      amountMinor: job.totals.lineAmountsMinor[index]!,
      createdAt: now,
      updatedAt: now,
    }),
  );
  for (const teamMemberId of job.assigneeIds) em.create(JobAssignment, { businessId, jobId, teamMemberId });
  const visitId = randomUUID();
  if (job.window)
    em.create(Visit, {
      id: visitId,
      businessId,
      jobId,
      scheduledStart: job.window.start,
      scheduledEnd: job.window.end,
      status: 'scheduled',
      createdAt: now,
      updatedAt: now,
    });
  await em.flush();
  if (job.window && job.assigneeIds.length > 0) {
    const { start: visitStart, end: visitEnd } = job.window;
    for (const teamMemberId of job.assigneeIds)
      em.create(VisitAssignment, { businessId, visitId, teamMemberId, visitStart, visitEnd, visitStatus: 'scheduled' });
    await em.flush();
  }
  return jobId;
}
