import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** One opening window of a business, in business-local time (`weekday` is ISO: Monday = 1). */
export interface BusinessHours {
  weekday: number;
  /** HH:MM */
  opens: string;
  /** HH:MM */
  closes: string;
}

/**
 * A workspace, i.e. the tenant: every field-service row belongs to exactly one business, and
 * every query filters on its id.
 */
export const Business = defineEntity({
  name: 'Business',
  tableName: 'businesses',
  checks: [{ name: 'businesses_currency_check', expression: `currency ~ '^[A-Z]{3}$'` }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    slug: p.string().length(100).unique('businesses_slug_unique'),
    name: p.string().length(200),
    email: p.string().length(254).nullable(),
    phone: p.string().length(50).nullable(),
    websiteUrl: p.string().length(500).nullable(),
    /** IANA zone name; schedules and working hours are read in it. */
    timeZone: p.string().length(64),
    /** ISO 4217 code; every money amount of the business is in its minor unit. */
    currency: p.character().length(3),
    addressLine1: p.string().length(200).nullable(),
    addressLine2: p.string().length(200).nullable(),
    city: p.string().length(100).nullable(),
    region: p.string().length(100).nullable(),
    postalCode: p.string().length(20).nullable(),
    country: p.character().length(2).nullable(),
    hours: p.json<BusinessHours[]>().default([]),
    industries: p.array().default([]),
    serviceArea: p.string().length(500).nullable(),
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

export type IBusiness = InferEntity<typeof Business>;
