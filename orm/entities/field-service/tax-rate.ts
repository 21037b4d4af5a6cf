import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/**
 * A sales-tax rate a business charges on taxable lines. At most one rate per business is the
 * default (a partial unique index); inactive rates stay so old documents keep their reference.
 */
export const TaxRate = defineEntity({
  name: 'TaxRate',
  tableName: 'tax_rates',
  uniques: [{ name: 'tax_rates_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [
    {
      name: 'tax_rates_one_default',
      expression: 'create unique index tax_rates_one_default on tax_rates (business_id) where is_default',
    },
  ],
  checks: [{ name: 'tax_rates_rate_basis_points_check', expression: 'rate_basis_points between 0 and 10000' }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    name: p.string().length(100),
    /** Basis points, 0-10000: 825 = 8.25 %. Integer so tax arithmetic stays exact. */
    rateBasisPoints: p.integer(),
    isDefault: p.boolean().default(false),
    active: p.boolean().default(true),
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

export type ITaxRate = InferEntity<typeof TaxRate>;
