import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const priceBookItemKinds = ['service', 'material'] as const;

/**
 * A priced service or material a business sells; line items copy from it so later price changes
 * never rewrite issued documents. The generated `search_text` column exists for SQL search only
 * and is left unmapped.
 */
export const PriceBookItem = defineEntity({
  name: 'PriceBookItem',
  tableName: 'price_book_items',
  uniques: [{ name: 'price_book_items_business_id_id_unique', properties: ['businessId', 'id'] }],
  properties: (p) => ({
    id: p.uuid().primary().onCreate(() => randomUUID()),
    businessId: p.uuid(),
    kind: p.enum([...priceBookItemKinds]).columnType('varchar(20)'),
    name: p.string().length(200),
    description: p.string().length(2000).nullable(),
    category: p.string().length(100).nullable(),
    sku: p.string().length(100).nullable(),
    /** The unit the price is per, e.g. "each", "hour", "ft". */
    unit: p.string().length(20).default('each'),
    unitPriceMinor: p.bigint('number'),
    /** What the item costs the business, for margins; never shown to customers. */
    unitCostMinor: p.bigint('number').nullable(),
    taxable: p.boolean().default(true),
    active: p.boolean().default(true),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
    updatedAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});

export type IPriceBookItem = InferEntity<typeof PriceBookItem>;
