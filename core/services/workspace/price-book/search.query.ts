import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';
import { PRICE_BOOK_COLUMNS, type PriceBookRow } from './price-book-page.ts';

/** `%` and `_` are LIKE wildcards: a query containing them must match them literally. */
function likeLiteral(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Active price-book items matching a query, best first: the exact SKU, then names starting with
 * the query, then items containing it, then trigram word-similar ones (typos, word forms; the GIN
 * trigram index on search_text serves both the LIKE and the `<%` test). Ties by name, id.
 */
export function searchPriceBook(em: EntityManager, businessId: string, query: string, kind: string | undefined, offset: number, limit: number): Promise<PriceBookRow[]> {
  const literal = likeLiteral(query);
  return runQuery<PriceBookRow>(em, {
    sql: `select ${PRICE_BOOK_COLUMNS} from (
            select *, case
                when lower(sku) = lower(?) then 0
                when lower(name) like ? escape '\\' then 1
                when search_text like ? escape '\\' then 2
                else 3 end as rank,
              word_similarity(lower(?), search_text) as closeness
            from price_book_items
            where business_id = ? and active ${kind ? 'and kind = ?' : ''}
              and (search_text like ? escape '\\' or lower(?) <% search_text)
          ) matches
          order by rank, closeness desc, name collate "C", id
          offset ? limit ?`,
    params: [query, `${literal}%`, `%${literal}%`, query, businessId, ...(kind ? [kind] : []), `%${literal}%`, query, offset, limit],
  });
}
