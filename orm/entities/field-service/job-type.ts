import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A kind of job a business offers (e.g. "AC tune-up"); it seeds a new job's expected duration. */
export const JobType = defineEntity({
  name: 'JobType',
  tableName: 'job_types',
  uniques: [{ name: 'job_types_business_id_id_unique', properties: ['businessId', 'id'] }],
  properties: (p) => ({
    id: p.uuid().primary().onCreate(() => randomUUID()),
    businessId: p.uuid(),
    name: p.string().length(100),
    description: p.string().length(1000).nullable(),
    /** 5-1440. */
    defaultDurationMinutes: p.integer().default(60),
    color: p.string().length(7).nullable(),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
    updatedAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});

export type IJobType = InferEntity<typeof JobType>;
