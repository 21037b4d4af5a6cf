import { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';
import { decodeCursor, toCursorPage } from '../cursor.ts';
import { businessCurrency } from './business-currency.ts';

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

// Category and name come back to PostgreSQL as bind values, which refuse NUL characters.
const text = z.string().max(200).regex(/^[^\u0000]*$/);
const ZPriceBookCursor = z.tuple([text, text, z.uuid()]);

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
    unit_cost_minor: row.unit_cost_minor === null ? null : Number(row.unit_cost_minor),
    taxable: row.taxable,
    active: row.active,
    currency,
  };
}

/**
 * One page of a business's services or materials, ordered by category (uncategorised last, as ''),
 * name and id in byte order, the order of price_book_items_kind_idx.
 */
export async function pricebookPage(
  em: EntityManager,
  businessId: string,
  kind: 'service' | 'material',
  input: { category?: string; include_inactive: boolean; cursor?: string; limit: number },
) {
  const after = decodeCursor(input.cursor, ZPriceBookCursor);
  const conditions = ['business_id = ?', 'kind = ?'];
  const params: unknown[] = [businessId, kind];
  if (!input.include_inactive) conditions.push('active');
  if (input.category !== undefined) {
    conditions.push('lower(category) = lower(?)');
    params.push(input.category);
  }
  if (after) {
    conditions.push(`(coalesce(category, '') collate "C", name collate "C", id) > (? collate "C", ? collate "C", ?::uuid)`);
    params.push(...after);
  }
  const rows = await runQuery<PriceBookRow>(em, {
    sql: `select ${PRICE_BOOK_COLUMNS} from price_book_items where ${conditions.join(' and ')}
          order by coalesce(category, '') collate "C", name collate "C", id limit ?`,
    params: [...params, input.limit + 1],
  });
  const currency = await businessCurrency(em, businessId);
  return toCursorPage(rows, input.limit, (row) => [row.category ?? '', row.name, row.id], (row) => toPriceBookItem(row, currency));
}
