import { runQuery, type SqlSource } from '../../sql/query.ts';
import { PRICE_BOOK_COLUMNS, type PriceBookRow } from './price-book-rows.query.ts';

/** `%`, `_` and `\` are LIKE syntax: a query containing them must match them literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Active price-book items of one business matching a query, best first by tier: the exact SKU (0),
 * names starting with the query (1), names containing it (2), any field containing it (3), then
 * items only trigram word-similar to it (4: misspellings, word forms). Inside a tier the higher
 * pg_trgm word similarity to search_text wins (a whole word beats part of a longer one), then
 * name and id. The GIN trigram index on search_text serves both the LIKE and the `<%` test.
 * Lower-casing happens in PostgreSQL, as for the generated search_text.
 */
export function searchPriceBook(
  em: SqlSource,
  businessId: string,
  search: { query: string; kind?: 'service' | 'material'; offset: number; limit: number },
): Promise<PriceBookRow[]> {
  const literal = likeLiteral(search.query);
  const contains = `%${literal}%`;
  return runQuery<PriceBookRow>(em, {
    sql: `select ${PRICE_BOOK_COLUMNS} from (
            select ${PRICE_BOOK_COLUMNS}, case
                when lower(sku) = lower(?) then 0
                when lower(name) like lower(?) escape '\\' then 1
                when lower(name) like lower(?) escape '\\' then 2
                when search_text like lower(?) escape '\\' then 3
                else 4 end as tier,
              word_similarity(lower(?), search_text) as closeness
            from price_book_items
            where business_id = ? and active ${search.kind ? 'and kind = ?' : ''}
              and (search_text like lower(?) escape '\\' or lower(?) <% search_text)
          ) matches
          order by tier, closeness desc, name collate "C", id
          offset ? limit ?`,
    params: [
      search.query,
      `${literal}%`,
      contains,
      contains,
      search.query,
      businessId,
      ...(search.kind ? [search.kind] : []),
      contains,
      search.query,
      search.offset,
      search.limit,
    ],
  });
}
