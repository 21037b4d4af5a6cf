import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/** A kind of job a business offers (e.g. "AC tune-up"); it seeds a new job's expected duration. */
export const JobType = defineEntity({
  name: 'JobType',
  tableName: 'job_types',
  uniques: [{ name: 'job_types_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [
    {
      name: 'job_types_name_unique',
      expression: 'create unique index job_types_name_unique on job_types (business_id, lower(name))',
    },
  ],
  checks: [
    { name: 'job_types_default_duration_minutes_check', expression: 'default_duration_minutes between 5 and 1440' },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    name: p.string().length(100),
    description: p.string().length(1000).nullable(),
    /** 5-1440. */
    defaultDurationMinutes: p.integer().default(60),
    color: p.string().length(7).nullable(),
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
