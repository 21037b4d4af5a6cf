import { LISTING_COLUMNS, PUBLISHED, photosJson } from './listing-columns.query.ts';
import { toDirectoryListingPublic, type DirectoryListingRow } from './listing-row.ts';
import type { DirectoryListingPublic, DirectoryListQuery, DirectorySort, SiteUrls } from './types.ts';

import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';
import { allowsSubstringMatch, containsPattern, wordsOrSubstring } from '../sql/substring-search.ts';
import { pageOffset } from '../sql/page-offset.ts';

/**
 * Each sort ends in unique tie-breakers (name, then id) so pages never overlap or skip rows.
 * Unrated listings (rating null) come last in both rating orders. Names compare with collate "C"
 * (byte order), the same on every server; each order has a partial index of the same shape.
 */
const SORTS: Record<DirectorySort | 'relevance', (a: string) => string> = {
  rating_desc: (a) => `${a}.rating desc nulls last, ${a}.review_count desc, ${a}.name collate "C" asc, ${a}.id asc`,
  rating_asc: (a) => `${a}.rating asc nulls last, ${a}.review_count desc, ${a}.name collate "C" asc, ${a}.id asc`,
  reviews_desc: (a) => `${a}.review_count desc, ${a}.rating desc nulls last, ${a}.name collate "C" asc, ${a}.id asc`,
  name_asc: (a) => `${a}.name collate "C" asc, ${a}.id asc`,
  // Search results only: the rank computed over the matches, then as rating_desc.
  relevance: (a) => `${a}.relevance desc, ${SORTS.rating_desc(a)}`,
};

interface WhereClause {
  sql: string;
  params: unknown[];
}

function buildWhere(input: DirectoryListQuery): WhereClause {
  const conditions = [PUBLISHED];
  const params: unknown[] = [];
  if (input.postal_code !== undefined) {
    conditions.push('l.postal_code = ?');
    params.push(input.postal_code);
  }
  if (input.industry !== undefined) {
    conditions.push('l.industry_key = ?');
    params.push(input.industry);
  }
  if (input.metro !== undefined) {
    conditions.push('l.metro_key = ?');
    params.push(input.metro);
  }
  // 0 would only drop unrated listings; "at least 0 stars" is read as no restriction.
  if (input.min_rating !== undefined && input.min_rating > 0) {
    conditions.push('l.rating >= ?');
    params.push(input.min_rating);
  }
  if (input.min_reviews !== undefined && input.min_reviews > 0) {
    conditions.push('l.review_count >= ?');
    params.push(input.min_reviews);
  }
  if (input.q !== undefined) {
    // Whole words (stemmed) in name, services and descriptions through the GIN tsvector index;
    // partial words in the name through the trigram index. The planner ORs the two bitmaps.
    // A text too short for a trigram is matched by words only (allowsSubstringMatch).
    const search = wordsOrSubstring('l.search', 'l.name', input.q);
    conditions.push(search.sql);
    params.push(...search.params);
  }
  return { sql: conditions.join(' and '), params };
}

/** The order a query uses: the requested sort, else relevance for a search, else rating_desc. */
function effectiveSort(input: Pick<DirectoryListQuery, 'sort' | 'q'>): DirectorySort | 'relevance' {
  return input.sort ?? (input.q !== undefined ? 'relevance' : 'rating_desc');
}

/** Text rank, plus a bonus when the name itself contains what was typed. Two placeholders: q, pattern. */
const RANK = `ts_rank_cd(l.search, websearch_to_tsquery('english', ?)) + (case when l.name ilike ? then 1 else 0 end)`;
/** Text rank alone, for a text matched by words only. One placeholder: q. */
const WORD_RANK = `ts_rank_cd(l.search, websearch_to_tsquery('english', ?))`;

/**
 * GET /v1/directory/public as one statement, pure (the same input gives the same SQL). The total
 * is a count over the same filters joined to the page, so an empty page still reports it. The
 * page is chosen on ids alone, then only its rows are read in full (a "deferred join": an
 * index-only scan for the plain sorts, however deep the offset); photos are aggregated for those
 * rows only. Without `q` the page is an ordered scan of the sort's partial index with limit/offset.
 * With `q`, the matches are found once (a materialised CTE: the two GIN bitmaps, ORed) and then
 * counted and ordered in memory; inlined, the planner would walk a sort index filtering every row
 * against the text search, which is slow whenever the matches sit late in that order.
 * `now` is unused (directory visibility does not depend on time); it keeps the builders' signature uniform.
 */
export function buildListDirectoryListingsQuery(input: DirectoryListQuery, now?: Date): SqlQuery {
  void now;
  const where = buildWhere(input);
  const sort = effectiveSort(input);
  const limit = [input.per_page, pageOffset(input)];
  const ranked = sort === 'relevance' && input.q !== undefined;
  const substring = input.q !== undefined && allowsSubstringMatch(input.q);
  const rankParams = ranked ? (substring ? [input.q, containsPattern(input.q!)] : [input.q]) : [];
  const relevance = ranked ? ', k.relevance' : '';
  const page = (ids: string) => `left join (
  select ${LISTING_COLUMNS}${relevance}
  from (${ids}) k
  join directory_listings l on l.id = k.id
) pg on true
order by ${SORTS[sort]('pg')}`;
  const select = `select pg.*, ${photosJson('pg')}, t.total`;

  if (input.q === undefined) {
    return {
      sql: `${select}
from (select count(*)::int as total from directory_listings l where ${where.sql}) t
${page(`select l.id from directory_listings l where ${where.sql} order by ${SORTS[sort]('l')} limit ? offset ?`)}`,
      params: [...where.params, ...where.params, ...limit],
    };
  }
  return {
    sql: `with matched as materialized (
  select l.id, l.rating, l.review_count, l.name${ranked ? `, ${substring ? RANK : WORD_RANK} as relevance` : ''}
  from directory_listings l where ${where.sql}
)
${select}
from (select count(*)::int as total from matched) t
${page(`select m.id${ranked ? ', m.relevance' : ''} from matched m order by ${SORTS[sort]('m')} limit ? offset ?`)}`,
    params: [...rankParams, ...where.params, ...limit],
  };
}

export type DirectoryListRow = (DirectoryListingRow | { [K in keyof DirectoryListingRow]: null }) & { total: number };

/** The rows of buildListDirectoryListingsQuery -> the page's listings and the total across pages. */
export function toDirectoryListingList(
  rows: DirectoryListRow[],
  urls: SiteUrls,
): { data: DirectoryListingPublic[]; total: number } {
  const data: DirectoryListingPublic[] = [];
  for (const row of rows) {
    // An empty page is one row with the total and no listing.
    if (row.id !== null) data.push(toDirectoryListingPublic(row as DirectoryListingRow, urls));
  }
  return { data, total: rows[0]?.total ?? 0 };
}

/** Runs buildListDirectoryListingsQuery: the page's listings and the total across pages. */
export async function listPublishedListings(
  source: SqlSource,
  input: DirectoryListQuery,
  now: Date,
  urls: SiteUrls,
): Promise<{ data: DirectoryListingPublic[]; total: number }> {
  return toDirectoryListingList(
    await runQuery<DirectoryListRow>(source, buildListDirectoryListingsQuery(input, now)),
    urls,
  );
}
