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

export const PRICE_BOOK_COLUMNS = 'id, kind, name, description, category, sku, unit, unit_price_minor, unit_cost_minor, taxable, active';

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
  return { ...toPriceBookItem(row, currency), unit_cost_minor: row.unit_cost_minor === null ? null : Number(row.unit_cost_minor) };
}
