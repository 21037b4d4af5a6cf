import { z } from 'zod';
import { businessCurrency } from '../../../services/workspace/price-book/business-currency.ts';
import { toPriceBookItem } from '../../../services/workspace/price-book/price-book-page.ts';
import { searchPriceBook as searchItems } from '../../../services/workspace/price-book/search.query.ts';
import { decodeCursor, encodeCursor } from '../../../services/workspace/cursor.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZSearchPriceBookInput, ZSearchPriceBookOutput } from './search-price-book.schema.ts';

// A ranked list has no stable key to resume after, so its cursor is the position in the ranking.
const ZRankCursor = z.tuple([z.literal('rank'), z.number().int().min(0).max(10_000)]);

export const searchPriceBook = tenantProcedure
  .meta({
    tool: {
      name: 'search-price-book',
      title: 'Search the price book',
      access: 'read',
      description:
        'Active services and materials matching words, best match first: exact SKU, then names starting with the words, then items containing them, ' +
        'then close spellings. Use it to find the price_book_item_id of what a customer asks for before create-job.',
    },
  })
  .input(ZSearchPriceBookInput)
  .output(ZSearchPriceBookOutput)
  .query(async ({ ctx, input }) => {
    const offset = decodeCursor(input.cursor, ZRankCursor)?.[1] ?? 0;
    const rows = await searchItems(ctx.em, ctx.businessId, input.query, input.kind, offset, input.limit + 1);
    const currency = await businessCurrency(ctx.em, ctx.businessId);
    return {
      items: rows.slice(0, input.limit).map((row) => toPriceBookItem(row, currency)),
      next_cursor: rows.length > input.limit ? encodeCursor(['rank', offset + input.limit]) : null,
    };
  });
