import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

const estimateStatuses = ['draft', 'sent', 'approved', 'declined', 'expired'] as const;

/**
 * A quote sent to a customer, numbered per business. Its priced content lives in options (good /
 * better / best); the customer approves one, recorded in `approvedOptionId`.
 */
export const Estimate = defineEntity({
  name: 'Estimate',
  tableName: 'estimates',
  uniques: [
    { name: 'estimates_business_id_id_unique', properties: ['businessId', 'id'] },
    { name: 'estimates_number_unique', properties: ['businessId', 'number'] },
  ],
  indexes: [
    {
      name: 'estimates_created_idx',
      expression: 'create index estimates_created_idx on estimates (business_id, created_at desc, id desc)',
    },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    number: p.integer(),
    customerId: p.uuid(),
    propertyId: p.uuid().nullable(),
    /** The job the estimate is for or became. */
    jobId: p.uuid().nullable(),
    title: p.string().length(200),
    status: p
      .enum([...estimateStatuses])
      .columnType('varchar(20)')
      .default('draft'),
    currency: p.character().length(3),
    issuedOn: p.date().nullable(),
    validUntil: p.date().nullable(),
    /** One of this estimate's options; the foreign key is deferred so both can be written in one transaction. */
    approvedOptionId: p.uuid().nullable(),
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
