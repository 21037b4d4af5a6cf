import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

const customerStatuses = ['active', 'inactive', 'archived'] as const;

/**
 * A person or company a business works for; properties, jobs, estimates and invoices hang off it.
 * The generated `search_text` column exists for SQL search only (lazy: the database computes it).
 */
export const Customer = defineEntity({
  name: 'Customer',
  tableName: 'customers',
  uniques: [{ name: 'customers_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [
    // A duplicate e-mail inside one business is a conflict; across businesses it is normal.
    {
      name: 'customers_email_unique',
      expression:
        'create unique index customers_email_unique on customers (business_id, lower(email)) where email is not null',
    },
    {
      name: 'customers_created_idx',
      expression: 'create index customers_created_idx on customers (business_id, created_at desc, id desc)',
    },
    {
      name: 'customers_name_idx',
      expression: 'create index customers_name_idx on customers (business_id, name collate "C", id)',
    },
    {
      name: 'customers_search_trgm',
      expression: 'create index customers_search_trgm on customers using gin (search_text gin_trgm_ops)',
    },
    {
      name: 'customers_phone_digits_trgm',
      expression:
        "create index customers_phone_digits_trgm on customers using gin ((regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) gin_trgm_ops)",
    },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    name: p.string().length(200),
    companyName: p.string().length(200).nullable(),
    /** Unique per business, ignoring case, when present. */
    email: p.string().length(254).nullable(),
    phone: p.string().length(50).nullable(),
    status: p
      .enum([...customerStatuses])
      .columnType('varchar(20)')
      .default('active'),
    addressLine1: p.string().length(200).nullable(),
    addressLine2: p.string().length(200).nullable(),
    city: p.string().length(100).nullable(),
    region: p.string().length(100).nullable(),
    postalCode: p.string().length(20).nullable(),
    country: p.character().length(2).nullable(),
    notes: p.string().length(5000).nullable(),
    searchText: p
      .text()
      .generated(
        `(lower(name || ' ' || coalesce(company_name, '') || ' ' || coalesce(email, '') || ' '
        || coalesce(phone, '') || ' ' || coalesce(address_line1, '') || ' ' || coalesce(city, '') || ' ' || coalesce(postal_code, ''))) stored`,
      )
      .nullable()
      .lazy(true, false),
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
