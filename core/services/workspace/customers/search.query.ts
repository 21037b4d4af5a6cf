import { runQuery, type SqlSource } from '../../sql/query.ts';
import { CUSTOMER_COLUMNS, type CustomerRow } from './customer-rows.query.ts';
import { resumeNameSql } from './name-key.query.ts';

export interface SearchRow extends CustomerRow {
  tier: number;
  /** pg_trgm word_similarity of the query to the customer's search text, rounded to 6 decimals. */
  closeness: string;
}

/** Where a page of search results resumes: after (tier, closeness, name, id) of the last one. */
export type SearchKey = readonly [number, string, string | null, string];

/** The shortest query matched by similar spelling (tier 4, and the closeness inside a tier): a trigram. */
const MIN_SIMILAR_LENGTH = 3;

/** Words of a query matched one by one ("maria austin"); more than this many adds nothing useful. */
const MAX_TERMS = 8;

function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The digits of a query that looks like a phone number (only digits and separators, 7 to 15 digits), else null. */
function phoneDigits(query: string): string | null {
  if (!/^[+\d\s().\-/]+$/.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}

/**
 * Customers of one business matching a query, in tiers: 0 exact e-mail or phone number (digits compared,
 * a country prefix on either side tolerated), 1 exact name or company, 2 name, company or a word of them,
 * or the e-mail, starts with the query, 3 the search text (name, company, e-mail, phone, address line 1,
 * city, postal code) contains the query or each of its words, or the phone's digits contain its digits,
 * 4 trigram word similarity at least pg_trgm.word_similarity_threshold (0.6: misspellings). Inside a tier
 * by closeness (highest first: the word similarity of the query to the name, company and e-mail in tiers
 * 0-2, to the search text in tiers 3-4), name (byte order), id. A query of 2 characters has no tier 4 and no
 * closeness (0 for every result: inside a tier by name, id).
 */
export function searchCustomers(
  em: SqlSource,
  businessId: string,
  query: string,
  after: SearchKey | undefined,
  limit: number,
): Promise<SearchRow[]> {
  const escaped = likeEscaped(query);
  const digits = phoneDigits(query);
  const terms = query
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_TERMS)
    .map((term) => `%${likeEscaped(term)}%`);
  const allTerms =
    terms.length > 1 ? terms.map(() => `c.search_text like lower(?) escape '\\'`).join(' and ') : 'false';
  const phoneEqual = `(length(p.digits) >= 7 and (right(p.digits, length(q.digits)) = q.digits or right(q.digits, length(p.digits)) = p.digits))`;
  const phoneMatch = digits ? `or ${phoneEqual} or strpos(p.digits, q.digits) > 0` : '';
  // A text shorter than a trigram has no spelling to be close to, and its similarity would be
  // computed for every customer of the business (no trigram index narrows it): 1.8 s at 100,000.
  const spelled = Array.from(query).length >= MIN_SIMILAR_LENGTH;
  const similar = spelled ? `or lower(?) <% c.search_text` : '';
  // Tiers 0-2 match the name, company, e-mail or phone: closeness is measured against those (pg_trgm
  // folds case), a text a few times shorter than the search text and what the match was about
  // (bench:workspace-scale: "Lee", 3,309 customers in tier 2, 108 to 40-60 ms of SQL).
  const closeness = spelled
    ? `case when t.tier <= 2 then word_similarity(q.text, concat_ws(' ', c.name, c.company_name, c.email))
         else word_similarity(q.text, c.search_text) end`
    : '0';
  const resume = after
    ? `where c.tier > ? or (c.tier = ? and (c.closeness < ?::numeric or (c.closeness = ?::numeric
         and (c.name collate "C", c.id) > (${resumeNameSql('customers')} collate "C", ?::uuid))))`
    : '';
  return runQuery<SearchRow>(em, {
    sql: `with q as (select lower(?::text) as text, ?::text as digits)
          select ${CUSTOMER_COLUMNS}, c.tier, c.closeness from (
            select c.*, t.tier, round(${closeness}::numeric, 6) as closeness
            from customers c
            cross join q
            cross join lateral (select regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g') as digits) p
            cross join lateral (select case
                when lower(c.email) = q.text or (q.digits is not null and ${phoneEqual}) then 0
                when lower(c.name) = q.text or lower(c.company_name) = q.text then 1
                when lower(c.name) like lower(?) escape '\\' or lower(c.name) like lower(?) escape '\\'
                  or lower(c.company_name) like lower(?) escape '\\' or lower(c.company_name) like lower(?) escape '\\'
                  or lower(c.email) like lower(?) escape '\\' then 2
                when c.search_text like lower(?) escape '\\' or (${allTerms}) or (q.digits is not null and strpos(p.digits, q.digits) > 0) then 3
                else 4 end as tier) t
            where c.business_id = ?
              and (c.search_text like lower(?) escape '\\' or (${allTerms}) ${similar} ${phoneMatch})
          ) c
          ${resume}
          order by c.tier, c.closeness desc, c.name collate "C", c.id
          limit ?`,
    params: [
      query,
      digits,
      `${escaped}%`,
      `% ${escaped}%`,
      `${escaped}%`,
      `% ${escaped}%`,
      `${escaped}%`,
      `%${escaped}%`,
      ...(terms.length > 1 ? terms : []),
      businessId,
      `%${escaped}%`,
      ...(terms.length > 1 ? terms : []),
      ...(spelled ? [query] : []),
      ...(after ? [after[0], after[0], after[1], after[1], after[2], businessId, after[3], after[3]] : []),
      limit,
    ],
  });
}
