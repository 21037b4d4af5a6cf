import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

export const leadStatuses = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;

/** A prospective piece of work not yet won; converting it links (or creates) a customer. */
export const Lead = defineEntity({
  name: 'Lead',
  tableName: 'leads',
  uniques: [{ name: 'leads_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [
    {
      name: 'leads_created_idx',
      expression: 'create index leads_created_idx on leads (business_id, created_at desc, id desc)',
    },
  ],
  checks: [{ name: 'leads_estimated_value_minor_check', expression: 'estimated_value_minor >= 0' }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    leadSourceId: p.uuid().nullable(),
    /** Set once the lead is matched to or converted into a customer. */
    customerId: p.uuid().nullable(),
    name: p.string().length(200),
    email: p.string().length(254).nullable(),
    phone: p.string().length(50).nullable(),
    description: p.string().length(5000).nullable(),
    status: p
      .enum([...leadStatuses])
      .columnType('varchar(20)')
      .default('new'),
    estimatedValueMinor: p.bigint('number').nullable(),
    convertedAt: p.datetime().nullable(),
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
