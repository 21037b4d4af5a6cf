import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';
import { CUSTOMER_COLUMNS, type CustomerRow } from './customer-rows.query.ts';

function likeLiteral(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Customers of one business matching a query, best first: exact e-mail or phone (digits compared,
 * formatting ignored, when the query has 7 or more), then names starting with it, then any field
 * containing it, then trigram word-similar ones (misspellings). Ties by name, id.
 */
export function searchCustomers(em: EntityManager, businessId: string, query: string, offset: number, limit: number): Promise<CustomerRow[]> {
  const literal = likeLiteral(query);
  const digits = query.replace(/\D/g, '');
  const phoneDigits = digits.length >= 7 ? digits : null;
  return runQuery<CustomerRow>(em, {
    sql: `select ${CUSTOMER_COLUMNS} from (
            select c.*, case
                when lower(c.email) = lower(?) then 0
                when ?::text is not null and regexp_replace(coalesce(c.phone, ''), '\\D', '', 'g') like '%' || ?::text then 0
                when lower(c.name) like ? escape '\\' then 1
                when c.search_text like ? escape '\\' then 2
                else 3 end as rank,
              word_similarity(lower(?), c.search_text) as closeness
            from customers c
            where c.business_id = ?
              and (c.search_text like ? escape '\\' or lower(?) <% c.search_text
                or (?::text is not null and regexp_replace(coalesce(c.phone, ''), '\\D', '', 'g') like '%' || ?::text || '%'))
          ) c
          order by c.rank, c.closeness desc, c.name collate "C", c.id
          offset ? limit ?`,
    params: [query, phoneDigits, phoneDigits, `${literal}%`, `%${literal}%`, query, businessId, `%${literal}%`, query, phoneDigits, phoneDigits, offset, limit],
  });
}
