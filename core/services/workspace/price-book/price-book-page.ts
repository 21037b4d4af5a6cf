import { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import { noNul } from '../../sql/no-nul.ts';
import { decodeCursor, toCursorPage } from '../cursor.ts';
import { businessCurrency } from './business-currency.query.ts';
import { findPriceBookRows, type PriceBookRow } from './price-book-rows.query.ts';

// Category and name go back to PostgreSQL as bind values, which refuse NUL characters.
const text = z.string().max(200).check(noNul());
const ZPriceBookCursor = z.tuple([text.nullable(), text, z.uuid()]);

export interface PriceBookListInput {
  category?: string;
  include_inactive: boolean;
  cursor?: string;
  limit: number;
}

/** One page of a business's services or materials (findPriceBookRows' order), each with the business currency. */
export async function priceBookPage<Item>(
  em: EntityManager,
  businessId: string,
  kind: 'service' | 'material',
  input: PriceBookListInput,
  toItem: (row: PriceBookRow, currency: string) => Item,
) {
  const after = decodeCursor(input.cursor, ZPriceBookCursor);
  const [rows, currency] = await Promise.all([
    findPriceBookRows(em, businessId, kind, {
      category: input.category,
      includeInactive: input.include_inactive,
      after,
      limit: input.limit + 1,
    }),
    businessCurrency(em, businessId),
  ]);
  return toCursorPage(
    rows,
    input.limit,
    (row) => [row.category, row.name, row.id],
    (row) => toItem(row, currency),
  );
}
