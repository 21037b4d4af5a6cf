import { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';
import { decodeCursor, toCursorPage } from '../cursor.ts';
import { Where } from '../where.ts';
import { businessCurrency } from './business-currency.query.ts';
import { PRICE_BOOK_COLUMNS, type PriceBookRow } from './price-book-rows.ts';

// Category and name go back to PostgreSQL as bind values, which refuse NUL characters.
const text = z.string().max(200).regex(/^[^\u0000]*$/);
const ZPriceBookCursor = z.tuple([text.nullable(), text, z.uuid()]);

export interface PriceBookListInput {
  category?: string;
  include_inactive: boolean;
  cursor?: string;
  limit: number;
}

/**
 * One page of a business's services or materials: by category (uncategorised last), then name,
 * then id. Byte order ("C") so both databases and every server locale page identically.
 */
export async function priceBookPage<Item>(
  em: EntityManager,
  businessId: string,
  kind: 'service' | 'material',
  input: PriceBookListInput,
  toItem: (row: PriceBookRow, currency: string) => Item,
) {
  const after = decodeCursor(input.cursor, ZPriceBookCursor);
  const where = new Where('business_id = ?', businessId).add('kind = ?', kind);
  if (!input.include_inactive) where.add('active');
  if (input.category !== undefined) where.add('lower(category) = lower(?)', input.category);
  if (after) {
    const [category, name, id] = after;
    where.add(`(category is null, coalesce(category, '') collate "C", name collate "C", id) > (?::boolean, ? collate "C", ? collate "C", ?::uuid)`, category === null, category ?? '', name, id);
  }
  const [rows, currency] = await Promise.all([
    runQuery<PriceBookRow>(em, {
      sql: `select ${PRICE_BOOK_COLUMNS} from price_book_items where ${where}
            order by category is null, coalesce(category, '') collate "C", name collate "C", id limit ?`,
      params: [...where.params, input.limit + 1],
    }),
    businessCurrency(em, businessId),
  ]);
  return toCursorPage(rows, input.limit, (row) => [row.category, row.name, row.id], (row) => toItem(row, currency));
}
