import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/** Kinds of a document line (job, estimate option, invoice); `custom` has no price-book item. */
export const lineItemKinds = ['service', 'material', 'custom'] as const;

/** A priced line of a job, ordered by `position`. */
export const JobLineItem = defineEntity({
  name: 'JobLineItem',
  tableName: 'job_line_items',
  uniques: [{ name: 'job_line_items_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [{ name: 'job_line_items_job_idx', properties: ['businessId', 'jobId', 'position', 'id'] }],
  checks: [
    { name: 'job_line_items_quantity_check', expression: 'quantity > 0' },
    { name: 'job_line_items_unit_price_minor_check', expression: 'unit_price_minor >= 0' },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    jobId: p.uuid(),
    position: p.integer(),
    /** The price-book item the line was copied from, if any; the line keeps its own copy. */
    priceBookItemId: p.uuid().nullable(),
    kind: p.enum([...lineItemKinds]).columnType('varchar(20)'),
    name: p.string().length(200),
    description: p.string().length(2000).nullable(),
    /** numeric(12,3), > 0: fractional hours and feet are normal. */
    quantity: p.decimal('number').precision(12).scale(3),
    unitPriceMinor: p.bigint('number'),
    taxable: p.boolean().default(true),
    /** Computed by core's totals function, stored so lists never recompute it. */
    amountMinor: p.bigint('number'),
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
