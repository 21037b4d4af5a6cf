import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreateJobInput } from '../../../domain/workspace/create-job-input.schema.ts';
import { recordOutboxEvent } from '../outbox.query.ts';
import { recordVisitCreated } from '../scheduling/schedule-visit.query.ts';
import { loadJob } from './job-detail.ts';
import { resolveJobReferences } from './job-references.query.ts';
import { nextJobNumber } from './next-job-number.query.ts';
import { priceLines } from './priced-lines.ts';
import { storeJob } from './store-job.query.ts';

export interface JobToInsert {
  input: CreateJobInput;
  /** The checked schedule window, if any: the job is then scheduled and its first visit booked. */
  window: { start: Date; end: Date } | undefined;
  /** The team members to assign, already checked for repeats. */
  assigneeIds: readonly string[];
  now: Date;
}

/**
 * Creates a job in one transaction: checks every id it names, prices its lines, takes the next job
 * number, stores the job (lines, assignees, first visit) and queues the job.created event carrying
 * the stored record. Answers the new job's id.
 */
export function insertJob(em: EntityManager, businessId: string, job: JobToInsert): Promise<string> {
  const { input, window, assigneeIds, now } = job;
  return em.transactional(async (em) => {
    const { taxRate, priceBookItems } = await resolveJobReferences(em, businessId, input);
    const { lines, totals } = priceLines(input.line_items, priceBookItems, taxRate?.rateBasisPoints ?? null);
    const { number, currency } = await nextJobNumber(em, businessId);
    const id = await storeJob(em, {
      businessId,
      number,
      currency,
      customerId: input.customer_id,
      propertyId: input.property_id ?? null,
      jobTypeId: input.job_type_id ?? null,
      title: input.title,
      description: input.description ?? null,
      priority: input.priority,
      window,
      assigneeIds,
      taxRateId: taxRate?.id ?? null,
      lines,
      totals,
      now,
    });
    // The event carries the stored record, read back inside the transaction: it exists exactly when the job does.
    const record = await loadJob(em, businessId, id);
    recordOutboxEvent(em, {
      businessId,
      eventType: 'job.created',
      aggregateType: 'job',
      aggregateId: id,
      payload: record,
      occurredAt: now,
    });
    // A window booked the job's first visit: it is created like any other visit.
    for (const visit of record.visits) await recordVisitCreated(em, businessId, visit.id, now);
    await em.flush();
    return id;
  });
}
