import { runQuery, type SqlSource } from '../../sql/query.ts';
import { Where } from '../where.ts';

/** A price_book_items row as raw SQL answers it (bigint columns arrive as strings). */
export interface PriceBookRow {
  id: string;
  kind: 'service' | 'material';
  name: string;
  description: string | null;
  category: string | null;
  sku: string | null;
  unit: string;
  unit_price_minor: string;
  unit_cost_minor: string | null;
  taxable: boolean;
  active: boolean;
}

export const PRICE_BOOK_COLUMNS =
  'id, kind, name, description, category, sku, unit, unit_price_minor, unit_cost_minor, taxable, active';

export interface PriceBookFilter {
  /** Only this category, compared regardless of letter case. */
  category?: string;
  includeInactive: boolean;
  /** The (category, name, id) of the previous page's last item. */
  after?: readonly [string | null, string, string];
  limit: number;
}

/**
 * Services or materials of one business: by category (uncategorised last), then name, then id.
 * Byte order ("C") so both databases and every server locale page identically.
 */
export function findPriceBookRows(
  em: SqlSource,
  businessId: string,
  kind: 'service' | 'material',
  filter: PriceBookFilter,
): Promise<PriceBookRow[]> {
  const where = new Where('business_id = ?', businessId).add('kind = ?', kind);
  if (!filter.includeInactive) where.add('active');
  if (filter.category !== undefined) where.add('lower(category) = lower(?)', filter.category);
  if (filter.after) {
    const [category, name, id] = filter.after;
    where.add(
      `(category is null, coalesce(category, '') collate "C", name collate "C", id) > (?::boolean, ? collate "C", ? collate "C", ?::uuid)`,
      category === null,
      category ?? '',
      name,
      id,
    );
  }
  return runQuery<PriceBookRow>(em, {
    sql: `select ${PRICE_BOOK_COLUMNS} from price_book_items where ${where}
            order by category is null, coalesce(category, '') collate "C", name collate "C", id limit ?`,
    params: [...where.params, filter.limit],
  });
}

/** The customer-facing view of an item: the cost is left out. */
export function toPriceBookItem(row: PriceBookRow, currency: string) {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    category: row.category,
    sku: row.sku,
    unit: row.unit,
    unit_price_minor: Number(row.unit_price_minor),
    taxable: row.taxable,
    active: row.active,
    currency,
  };
}

export function toMaterial(row: PriceBookRow, currency: string) {
  return {
    ...toPriceBookItem(row, currency),
    unit_cost_minor: row.unit_cost_minor === null ? null : Number(row.unit_cost_minor),
  };
}
