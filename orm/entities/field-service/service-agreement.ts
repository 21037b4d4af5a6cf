import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

export const serviceAgreementStatuses = ['active', 'paused', 'cancelled', 'expired'] as const;
export const billingFrequencies = ['monthly', 'quarterly', 'annually'] as const;

/** A recurring maintenance plan: a customer pays on a schedule for a number of visits a year. */
export const ServiceAgreement = defineEntity({
  name: 'ServiceAgreement',
  tableName: 'service_agreements',
  uniques: [{ name: 'service_agreements_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [
    {
      name: 'service_agreements_created_idx',
      expression:
        'create index service_agreements_created_idx on service_agreements (business_id, created_at desc, id desc)',
    },
  ],
  checks: [
    { name: 'service_agreements_price_minor_check', expression: 'price_minor >= 0' },
    { name: 'service_agreements_visits_per_year_check', expression: 'visits_per_year between 0 and 52' },
    { name: 'service_agreements_window_check', expression: 'ends_on is null or ends_on >= starts_on' },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    customerId: p.uuid(),
    propertyId: p.uuid().nullable(),
    name: p.string().length(200),
    status: p
      .enum([...serviceAgreementStatuses])
      .columnType('varchar(20)')
      .default('active'),
    startsOn: p.date(),
    /** Null for an open-ended agreement. */
    endsOn: p.date().nullable(),
    billingFrequency: p.enum([...billingFrequencies]).columnType('varchar(20)'),
    /** Per billing period. */
    priceMinor: p.bigint('number'),
    currency: p.character().length(3),
    /** 0-52. */
    visitsPerYear: p.integer().default(1),
    autoRenew: p.boolean().default(true),
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
