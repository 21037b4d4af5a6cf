import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/** One alternative of an estimate (e.g. "Repair" vs "Replace") with its own lines and totals. */
export const EstimateOption = defineEntity({
  name: 'EstimateOption',
  tableName: 'estimate_options',
  uniques: [{ name: 'estimate_options_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [{ name: 'estimate_options_estimate_idx', properties: ['businessId', 'estimateId', 'position'] }],
  checks: [{ name: 'estimate_options_totals_check', expression: 'total_minor = subtotal_minor + tax_minor' }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    estimateId: p.uuid(),
    position: p.integer(),
    name: p.string().length(200),
    description: p.string().length(2000).nullable(),
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
