import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

export const jobStatuses = ['unscheduled', 'scheduled', 'in_progress', 'completed', 'cancelled'] as const;
const jobPriorities = ['low', 'normal', 'high', 'urgent'] as const;

/**
 * A unit of work for a customer, numbered per business. Its visits are the actual trips; the job
 * carries the priced line items and their totals.
 */
export const Job = defineEntity({
  name: 'Job',
  tableName: 'jobs',
  uniques: [
    { name: 'jobs_business_id_id_unique', properties: ['businessId', 'id'] },
    { name: 'jobs_number_unique', properties: ['businessId', 'number'] },
  ],
  indexes: [
    {
      name: 'jobs_created_idx',
      expression: 'create index jobs_created_idx on jobs (business_id, created_at desc, id desc)',
    },
    {
      name: 'jobs_customer_idx',
      expression: 'create index jobs_customer_idx on jobs (business_id, customer_id, created_at desc, id desc)',
    },
    {
      name: 'jobs_status_idx',
      expression: 'create index jobs_status_idx on jobs (business_id, status, created_at desc, id desc)',
    },
    { name: 'jobs_scheduled_idx', properties: ['businessId', 'scheduledStart', 'id'] },
  ],
  checks: [
    { name: 'jobs_totals_check', expression: 'total_minor = subtotal_minor + tax_minor' },
    {
      name: 'jobs_window_check',
      expression: 'scheduled_end is null or scheduled_start is null or scheduled_end > scheduled_start',
    },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    /** Per-business sequence shown to people ("Job #1042"). */
    number: p.integer(),
    customerId: p.uuid(),
    propertyId: p.uuid().nullable(),
    jobTypeId: p.uuid().nullable(),
    title: p.string().length(200),
    description: p.string().length(5000).nullable(),
    status: p
      .enum([...jobStatuses])
      .columnType('varchar(20)')
      .default('unscheduled'),
    priority: p
      .enum([...jobPriorities])
      .columnType('varchar(10)')
      .default('normal'),
    scheduledStart: p.datetime().nullable(),
    scheduledEnd: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    taxRateId: p.uuid().nullable(),
    /** ISO 4217; the amounts below are in its minor unit, and total = subtotal + tax. */
    currency: p.character().length(3),
    subtotalMinor: p.bigint('number').default(0),
    taxMinor: p.bigint('number').default(0),
    totalMinor: p.bigint('number').default(0),
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

export type IJob = InferEntity<typeof Job>;
