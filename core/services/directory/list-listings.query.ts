import { LISTING_COLUMNS, PUBLISHED, photosJson } from './listing-columns.query.ts';
import { toDirectoryListingPublic, type DirectoryListingRow } from './listing-row.ts';
import type { DirectoryListingPublic, DirectoryListQuery, DirectorySort, SiteUrls } from './types.ts';

import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';
import { allowsSubstringMatch, containsPattern, wordsOrSubstring } from '../sql/substring-search.ts';
import { pageOffset } from '../sql/page-offset.ts';
import { listTotal, type ListTotal } from '../sql/bounded-total.query.ts';
import { LIST_MAX_DEPTH, SEARCH_MAX_DEPTH } from '../sql/list-depth.ts';

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
 * How many matches of a search the relevance order ranks: the first this many in rating_desc
 * order, ranked by text relevance (then as rating_desc). It is the search's depth limit, so every
 * match a search can page to is ranked; ranking every match was O(matches) (46,069 ranks for
 * `q=services` at 50,000 listings), this is bounded whatever the word.
 */
const DIRECTORY_RANK_CANDIDATES = SEARCH_MAX_DEPTH;

/**
 * GET /v1/directory/public as one statement, pure (the same input gives the same SQL).
 *
 * `matched` holds `exactTotal + 1` matches at most, with the columns every sort orders by (every
 * filter's and sort's index holds them); its size is the total when it is within the bound (above,
 * the caller estimates it: listTotal). Which matches does not matter, so a filter's index is read
 * only until the bound (an index-only scan); a search takes them in id order (the primary key's order is the
 * table's insertion order: a common word is checked row by row along the id index until the bound,
 * a rare one sorts its bitmap). The page's ids then come from one of two branches, of which only one
 * runs (a one-time filter on that count): when every match is in `matched` (few of them), they are
 * ordered there, in memory; otherwise (many: at least 1 in 50 rows at this scale) the sort's
 * partial index is walked, filtering rows, which finds a page of dense matches soon. Neither reads
 * more than the bound, and the input's depth limit keeps every offset within it.
 *
 * With `q` and the relevance order, the first DIRECTORY_RANK_CANDIDATES matches in rating_desc
 * order are ranked (the input's depth limit keeps a search's pages within them). The page's rows are then
 * read in full (a "deferred join") and their photos aggregated.
 * `now` is unused (directory visibility does not depend on time); it keeps the builders' signature uniform.
 */
export function buildListDirectoryListingsQuery(
  input: DirectoryListQuery,
  now?: Date,
  exactTotal: number = LIST_MAX_DEPTH,
): SqlQuery {
  void now;
  const where = buildWhere(input);
  const sort = effectiveSort(input);
  const offset = pageOffset(input);
  const ranked = sort === 'relevance' && input.q !== undefined;
  const walkSort = sort === 'relevance' ? 'rating_desc' : sort;
  const all = `(select total from counted) <= ${exactTotal}`;
  const many = `(select total from counted) > ${exactTotal}`;
  const head = `with matched as materialized (
  select l.id, l.rating, l.review_count, l.name from directory_listings l where ${where.sql}${input.q === undefined ? '' : ' order by l.id'} limit ?
), counted as (select count(*)::int as total from matched)`;
  const headParams = [...where.params, exactTotal + 1];
  /** The matches in the walk order from either branch: `limit ? offset ?` follow in `params`. */
  const inOrder = (columns: (a: string) => string, order: DirectorySort, limit: number, skip: number): SqlQuery => ({
    sql: `(select ${columns('m')} from matched m where ${all} order by ${SORTS[order]('m')} limit ? offset ?)
  union all
  (select ${columns('l')} from directory_listings l where ${where.sql} and ${many} order by ${SORTS[order]('l')} limit ? offset ?)`,
    params: [limit, skip, ...where.params, limit, skip],
  });
  const relevance = ranked ? ', k.relevance' : '';
  const withIds = (ids: SqlQuery): SqlQuery => ({
    sql: `${head}
select pg.*, ${photosJson('pg')}, t.total
from counted t
left join (
  select ${LISTING_COLUMNS}${relevance}
  from (${ids.sql}) k
  join directory_listings l on l.id = k.id
) pg on true
order by ${SORTS[sort]('pg')}`,
    params: [...headParams, ...ids.params],
  });

  if (!ranked) return withIds(inOrder((a) => `${a}.id`, walkSort, input.per_page, offset));
  const substring = allowsSubstringMatch(input.q!);
  const rankParams = substring ? [input.q, containsPattern(input.q!)] : [input.q];
  const firsts = inOrder(
    (a) => `${a}.id, ${a}.rating, ${a}.review_count, ${a}.name`,
    'rating_desc',
    DIRECTORY_RANK_CANDIDATES,
    0,
  );
  const candidates = {
    sql: `select c.id, ${substring ? RANK : WORD_RANK} as relevance, c.rating, c.review_count, c.name
    from (${firsts.sql}) c join directory_listings l on l.id = c.id`,
    params: [...rankParams, ...firsts.params],
  };
  const rankedPage = (limit: number, skip: number): SqlQuery => ({
    sql: `select r.id, r.relevance from (${candidates.sql}) r order by r.relevance desc, ${SORTS.rating_desc('r')} limit ? offset ?`,
    params: [...candidates.params, limit, skip],
  });
  return withIds(rankedPage(input.per_page, offset));
}

/** The matches of a list query without paging (its total's estimate: listTotal). */
function buildDirectoryMatchesQuery(input: DirectoryListQuery): SqlQuery {
  const where = buildWhere(input);
  return { sql: `select l.id from directory_listings l where ${where.sql}`, params: where.params };
}

export type DirectoryListRow = (DirectoryListingRow | { [K in keyof DirectoryListingRow]: null }) & { total: number };

/** The rows of buildListDirectoryListingsQuery -> the page's listings and the bounded count. */
export function toDirectoryListingList(
  rows: DirectoryListRow[],
  urls: SiteUrls,
): { data: DirectoryListingPublic[]; counted: number } {
  const data: DirectoryListingPublic[] = [];
  for (const row of rows) {
    // An empty page is one row with the total and no listing.
    if (row.id !== null) data.push(toDirectoryListingPublic(row as DirectoryListingRow, urls));
  }
  return { data, counted: rows[0]?.total ?? 0 };
}

/**
 * Runs buildListDirectoryListingsQuery: the page's listings and the total across pages, exact up
 * to `exactTotal` (PUBLIC_LIST_EXACT_TOTAL) and the planner's estimate above it (listTotal).
 */
export async function listPublishedListings(
  source: SqlSource,
  input: DirectoryListQuery,
  now: Date,
  urls: SiteUrls,
  exactTotal: number,
): Promise<{ data: DirectoryListingPublic[] } & ListTotal> {
  const { data, counted } = toDirectoryListingList(
    await runQuery<DirectoryListRow>(source, buildListDirectoryListingsQuery(input, now, exactTotal)),
    urls,
  );
  return { data, ...(await listTotal(source, counted, exactTotal, () => buildDirectoryMatchesQuery(input))) };
}
