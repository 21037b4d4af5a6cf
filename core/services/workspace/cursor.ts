import { type z } from 'zod';
import { AppError } from '../../errors/index.ts';

/**
 * Keyset cursors: the sort key of a page's last row, as base64url JSON. Opaque to clients;
 * validated against the list's own key shape on the way back in, so a forged or foreign cursor
 * is a VALIDATION_FAILED naming `cursor`, never a database error. A cursor carries no tenant: the
 * query it feeds still filters by business.
 */
export type CursorKey = ReadonlyArray<string | number | boolean | null>;

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<Shape extends z.ZodType<CursorKey>>(
  cursor: string | undefined,
  shape: Shape,
): z.infer<Shape> | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const result = shape.safeParse(parsed);
  if (!result.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Invalid parameter "cursor": not a cursor of this list; pass the next_cursor of a previous page unchanged.',
      {
        details: [
          { parameter: 'cursor', code: 'invalid_cursor', message: 'not a cursor of this list', path: ['cursor'] },
        ],
      },
    );
  }
  return result.data;
}

/**
 * Splits the `limit + 1` rows a query fetched into the page and its next cursor
 * (null when no row follows the page).
 */
export function toCursorPage<Row, Item>(
  rows: readonly Row[],
  limit: number,
  keyOf: (row: Row) => CursorKey,
  toItem: (row: Row) => Item,
): { items: Item[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toItem),
    next_cursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
