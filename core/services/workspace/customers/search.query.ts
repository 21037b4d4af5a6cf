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

/** Whether a text is long enough to be matched by its spelling (a trigram at least). */
const spelledOut = (text: string) => Array.from(text).length >= MIN_SIMILAR_LENGTH;

/** The search text contains one LIKE pattern (the query or a word of it, `%`-wrapped and escaped). */
const CONTAINS_TERM = `c.search_text like lower(?) escape '\\'`;

/** Words of a query matched one by one ("maria austin"); more than this many adds nothing useful. */
const MAX_TERMS = 8;

function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A customer's phone number as digits only: the expression customers_phone_digits_trgm indexes. */
const PHONE_DIGITS = `regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g')`;

/** The fewest digits of a phone number: in a query, and in a stored number matched without the query's country prefix. */
const MIN_PHONE_DIGITS = 7;

/** The query's digits without 1 or more leading digits, down to MIN_PHONE_DIGITS: a stored number without the prefix. */
function countryPrefixed(digits: string): string[] {
  return Array.from({ length: Math.max(0, digits.length - MIN_PHONE_DIGITS) }, (_, index) => digits.slice(index + 1));
}

/** The digits of a query that looks like a phone number (only digits and separators, 7 to 15 digits), else null. */
function phoneDigits(query: string): string | null {
  if (!/^[+\d\s().\-/]+$/.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  return digits.length >= MIN_PHONE_DIGITS && digits.length <= 15 ? digits : null;
}

/**
 * Tier 4's condition: the query's word similarity to the search text, or for a query of several
 * words, each word's (a word shorter than a trigram contained instead). As a phrase, "maria austin"
 * is close to a stretch of the text only where the two words stand together, yet every customer in
 * Austin shares enough of its trigrams to be the index's candidate (10,883 of 100,000 rechecked for
 * 56 answers); word by word the index intersects the two words' candidates (410 rechecked, 163
 * answers: Marias in Austin wherever the words stand), and a misspelt word ("maria austn") still
 * finds them. The whole search: about 290 to 34 ms of SQL.
 */
function similarSpelling(query: string, words: string[]): { condition: string; params: unknown[] } | undefined {
  if (words.length <= 1) return { condition: 'lower(?) <% c.search_text', params: [query] };
  // Words all shorter than a trigram: each contained is tier 3 already.
  if (!words.some(spelledOut)) return undefined;
  return {
    condition: `(${words
      .map((word) => (spelledOut(word) ? 'lower(?) <% c.search_text' : CONTAINS_TERM))
      .join(' and ')})`,
    params: words.map((word) => (spelledOut(word) ? word : `%${likeEscaped(word)}%`)),
  };
}

/**
 * Customers of one business matching a query, in tiers: 0 exact e-mail or phone number (digits compared,
 * a country prefix on either side tolerated), 1 exact name or company, 2 name, company or a word of them,
 * or the e-mail, starts with the query, 3 the search text (name, company, e-mail, phone, address line 1,
 * city, postal code) contains the query or each of its words, or the phone's digits contain its digits,
 * 4 trigram word similarity at least pg_trgm.word_similarity_threshold (0.6: misspellings) of the query, or
 * of each of its words for a query of several (not for a query that is a phone number, matched by its
 * digits in tiers 0 and 3 only). Inside a tier
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
  const words = query.split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);
  const terms = words.map((term) => `%${likeEscaped(term)}%`);
  const allTerms = terms.length > 1 ? terms.map(() => CONTAINS_TERM).join(' and ') : 'false';
  const contains = `(${CONTAINS_TERM} or (${allTerms}))`;
  const containsParams = [`%${escaped}%`, ...(terms.length > 1 ? terms : [])];
  // The stored phone's digits (customers_phone_digits_trgm indexes this expression): they contain the
  // query's, or are the query's without a country prefix (the tiers tell which).
  const phoneCandidate = `(${PHONE_DIGITS} like ? or ${PHONE_DIGITS} = any(?::text[]))`;
  const phoneEqual = `(length(p.digits) >= ${MIN_PHONE_DIGITS} and (right(p.digits, length(q.digits)) = q.digits or right(q.digits, length(p.digits)) = p.digits))`;
  // A text shorter than a trigram has no spelling to be close to, and its similarity would be
  // computed for every customer of the business (no trigram index narrows it): 1.8 s at 100,000.
  const spelled = spelledOut(query);
  // The candidates: one index scan per way of matching, each without the rows of the ones before
  // it (one OR of them is one pass over every customer of the business once a phone condition is in
  // it: 2.8 s for a phone number at 100,000 customers). The cheap tests come first: PostgreSQL
  // keeps the written order of conditions of equal cost, so the similarity is not computed for a row
  // an earlier scan answered ("lee": 92 against 26 ms of SQL). As one OR, it would also compute the
  // similarity twice per candidate, its recheck and then the filter: 142 against 84 ms for the 3,241
  // customers close to "hernandes".
  const ways: Array<{ condition: string; params: unknown[] }> = [{ condition: contains, params: containsParams }];
  if (digits) ways.push({ condition: phoneCandidate, params: [`%${digits}%`, countryPrefixed(digits)] });
  // A phone number is matched by its digits, not its spelling: as text, every customer of one area
  // code shares most of its trigrams (10,314 of 100,000 "similar" to "512 555 9298", 540 ms of SQL).
  const similar = spelled && !digits ? similarSpelling(query, words) : undefined;
  if (similar) ways.push(similar);
  const candidates = {
    sql: ways
      .map(
        (way, index) =>
          `select c.* from customers c where c.business_id = ? ${ways
            .slice(0, index)
            .map((earlier) => `and not ${earlier.condition} `)
            .join('')}and ${way.condition}`,
      )
      .join(' union all '),
    params: ways.flatMap((way, index) => [
      businessId,
      ...ways.slice(0, index).flatMap((earlier) => earlier.params),
      ...way.params,
    ]),
  };
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
            from (${candidates.sql}) c
            cross join q
            cross join lateral (select ${PHONE_DIGITS} as digits) p
            cross join lateral (select case
                when lower(c.email) = q.text or (q.digits is not null and ${phoneEqual}) then 0
                when lower(c.name) = q.text or lower(c.company_name) = q.text then 1
                when lower(c.name) like lower(?) escape '\\' or lower(c.name) like lower(?) escape '\\'
                  or lower(c.company_name) like lower(?) escape '\\' or lower(c.company_name) like lower(?) escape '\\'
                  or lower(c.email) like lower(?) escape '\\' then 2
                when ${contains} or (q.digits is not null and strpos(p.digits, q.digits) > 0) then 3
                else 4 end as tier) t
          ) c
          ${resume}
          order by c.tier, c.closeness desc, c.name collate "C", c.id
          limit ?`,
    params: [
      query,
      digits,
      ...candidates.params,
      `${escaped}%`,
      `% ${escaped}%`,
      `${escaped}%`,
      `% ${escaped}%`,
      `${escaped}%`,
      ...containsParams,
      ...(after ? [after[0], after[0], after[1], after[1], after[2], businessId, after[3], after[3]] : []),
      limit,
    ],
  });
}
