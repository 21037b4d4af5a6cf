import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

export const priceBookItemKinds = ['service', 'material'] as const;

/**
 * A priced service or material a business sells; line items copy from it so later price changes
 * never rewrite issued documents. The generated `search_text` column exists for the SQL trigram
 * search only (lazy: the database computes it).
 */
export const PriceBookItem = defineEntity({
  name: 'PriceBookItem',
  tableName: 'price_book_items',
  uniques: [{ name: 'price_book_items_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [
    {
      name: 'price_book_items_kind_idx',
      expression:
        'create index price_book_items_kind_idx on price_book_items (business_id, kind, category, name collate "C", id)',
    },
    {
      name: 'price_book_items_search_trgm',
      expression: 'create index price_book_items_search_trgm on price_book_items using gin (search_text gin_trgm_ops)',
    },
  ],
  checks: [
    { name: 'price_book_items_unit_price_minor_check', expression: 'unit_price_minor >= 0' },
    { name: 'price_book_items_unit_cost_minor_check', expression: 'unit_cost_minor >= 0' },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
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
    searchText: p
      .text()
      .generated(
        `(lower(name || ' ' || coalesce(description, '') || ' ' || coalesce(category, '') || ' ' || coalesce(sku, ''))) stored`,
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

export type IPriceBookItem = InferEntity<typeof PriceBookItem>;
