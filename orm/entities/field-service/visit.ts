import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

export const visitStatuses = ['scheduled', 'en_route', 'in_progress', 'completed', 'cancelled'] as const;

/** One scheduled trip to do (part of) a job; a job may need several. This is what the calendar shows. */
export const Visit = defineEntity({
  name: 'Visit',
  tableName: 'visits',
  uniques: [{ name: 'visits_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [
    { name: 'visits_start_idx', properties: ['businessId', 'scheduledStart', 'id'] },
    { name: 'visits_job_idx', properties: ['businessId', 'jobId', 'scheduledStart'] },
  ],
  checks: [
    { name: 'visits_window_check', expression: 'scheduled_end > scheduled_start' },
    // VISIT_MAX_DAYS (schedule-window.ts): calendar reads bound their index range by it (busy-periods.query.ts).
    { name: 'visits_length_check', expression: "scheduled_end <= scheduled_start + interval '14 days'" },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    jobId: p.uuid(),
    scheduledStart: p.datetime(),
    /** After `scheduledStart`. */
    scheduledEnd: p.datetime(),
    status: p
      .enum([...visitStatuses])
      .columnType('varchar(20)')
      .default('scheduled'),
    arrivedAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    notes: p.string().length(5000).nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});

export type IVisit = InferEntity<typeof Visit>;
