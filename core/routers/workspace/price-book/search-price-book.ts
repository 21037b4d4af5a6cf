import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../../services/workspace/cursor.ts';
import { businessCurrency } from '../../../services/workspace/price-book/business-currency.query.ts';
import { toPriceBookItem } from '../../../services/workspace/price-book/price-book-rows.query.ts';
import { searchPriceBook as searchItems } from '../../../services/workspace/price-book/search.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZSearchPriceBookInput, ZSearchPriceBookOutput } from './search-price-book.schema.ts';

// A ranked list has no stable key to resume after, so its cursor is the position in the ranking;
// paging stops after the 10,000 best matches, which no price book reasonably exceeds.
const MAX_OFFSET = 10_000;
const ZRankCursor = z.tuple([z.literal('rank'), z.number().int().min(0).max(MAX_OFFSET)]);

export const searchPriceBook = tenantProcedure
  .meta({
    tool: {
      name: 'search-price-book',
      title: 'Search the price book',
      access: 'read',
      toolset: 'price-book',
      description:
        'Find active services and materials of the price book by words or code (name, description, category, SKU), best match first: an exact SKU, ' +
        'then names starting with the query, names containing it, items mentioning it in another field, then close spellings. Letter case is ignored. ' +
        'Answers prices in minor units of the business currency. Use it to find the price_book_item_id for create-job line items; ' +
        'list-services and list-materials browse the whole price book by category.',
    },
  })
  .input(ZSearchPriceBookInput)
  .output(ZSearchPriceBookOutput)
  .query(async ({ ctx, input }) => {
    const offset = decodeCursor(input.cursor, ZRankCursor)?.[1] ?? 0;
    const [rows, currency] = await Promise.all([
      searchItems(ctx.em, ctx.businessId, { query: input.query, kind: input.kind, offset, limit: input.limit + 1 }),
      businessCurrency(ctx.em, ctx.businessId),
    ]);
    const next = offset + input.limit;
    return {
      items: rows.slice(0, input.limit).map((row) => toPriceBookItem(row, currency)),
      next_cursor: rows.length > input.limit && next <= MAX_OFFSET ? encodeCursor(['rank', next]) : null,
    };
  });
