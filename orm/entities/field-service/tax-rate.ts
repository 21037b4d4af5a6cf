import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * A sales-tax rate a business charges on taxable lines. At most one rate per business is the
 * default (a partial unique index); inactive rates stay so old documents keep their reference.
 */
export const TaxRate = defineEntity({
  name: 'TaxRate',
  tableName: 'tax_rates',
  uniques: [{ name: 'tax_rates_business_id_id_unique', properties: ['businessId', 'id'] }],
  properties: (p) => ({
    id: p.uuid().primary().onCreate(() => randomUUID()),
    businessId: p.uuid(),
    name: p.string().length(100),
    /** Basis points, 0-10000: 825 = 8.25 %. Integer so tax arithmetic stays exact. */
    rateBasisPoints: p.integer(),
    isDefault: p.boolean().default(false),
    active: p.boolean().default(true),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
    updatedAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});

export type ITaxRate = InferEntity<typeof TaxRate>;
