import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const customerStatuses = ['active', 'inactive', 'archived'] as const;

/**
 * A person or company a business works for; properties, jobs, estimates and invoices hang off it.
 * The generated `search_text` column exists for SQL search only and is left unmapped.
 */
export const Customer = defineEntity({
  name: 'Customer',
  tableName: 'customers',
  uniques: [{ name: 'customers_business_id_id_unique', properties: ['businessId', 'id'] }],
  properties: (p) => ({
    id: p.uuid().primary().onCreate(() => randomUUID()),
    businessId: p.uuid(),
    name: p.string().length(200),
    companyName: p.string().length(200).nullable(),
    /** Unique per business, ignoring case, when present. */
    email: p.string().length(254).nullable(),
    phone: p.string().length(50).nullable(),
    status: p.enum([...customerStatuses]).columnType('varchar(20)').default('active'),
    addressLine1: p.string().length(200).nullable(),
    addressLine2: p.string().length(200).nullable(),
    city: p.string().length(100).nullable(),
    region: p.string().length(100).nullable(),
    postalCode: p.string().length(20).nullable(),
    country: p.character().length(2).nullable(),
    notes: p.string().length(5000).nullable(),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
    updatedAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});

export type ICustomer = InferEntity<typeof Customer>;
