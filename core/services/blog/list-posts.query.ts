import type { SiteUrls } from '../../context.ts';
import type { BlogLocale } from './locale.ts';
import { TEXT_SEARCH_CONFIG } from './locale.ts';
import {
  BLOG_POST_PUBLIC_COLUMNS,
  toBlogPostPublic,
  type BlogPostPublic,
  type BlogPostPublicRow,
} from './post-columns.query.ts';
import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';
import { PUBLISHED_SQL } from './visibility.query.ts';
import { pageOffset } from '../sql/page-offset.ts';
import { boundedCountSql, listTotal, type ListTotal } from '../sql/bounded-total.query.ts';
import { LIST_MAX_DEPTH } from '../sql/list-depth.ts';

export interface ListBlogPostsFilter {
  locale: BlogLocale;
  category?: string | undefined;
  tag?: string | undefined;
  q?: string | undefined;
  page: number;
  per_page: number;
}

/** A filter value that is absent, or blank once trimmed, does not filter. */
function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * How many matches of a search the relevance order ranks: the newest this many, ranked by ts_rank
 * (then newest first); the matches after them follow newest first. ts_rank reads each match's
 * whole tsvector (title, excerpt and body: TOASTed, about 80 µs a post), so ranking every match
 * was O(matches) (10,538 ranks, about 0.9 s, for the most common word at 20,000 posts). A search
 * with at most this many matches is ranked as before.
 */
const BLOG_RANK_CANDIDATES = 200;

/**
 * One round trip for a page of published posts and the total: a bounded count (boundedCountSql:
 * it stops after `exactTotal + 1` matches; above the bound the caller estimates, listTotal) joined
 * to the page. The page is chosen on ids (and rank) first, then only its rows are read in full.
 * With `q`, rows are matched by websearch_to_tsquery in the locale's configuration; the newest
 * BLOG_RANK_CANDIDATES matches are ordered by ts_rank (then newest), the rest newest first.
 *
 * Result rows: `total` on every row; when the page is empty, exactly one row whose other columns are null.
 */
export function buildListBlogPostsQuery(
  filter: ListBlogPostsFilter,
  now: Date,
  exactTotal: number = LIST_MAX_DEPTH,
): SqlQuery {
  const q = present(filter.q);
  const matches = buildBlogMatchesQuery(filter, now);
  const newest = 'order by p.published_at desc, p.id desc';
  // Without q, the order makes the count walk the list index (not the table); with q, the GIN
  // bitmap finds the matches without reading their TOASTed vectors, and the count stops at the bound.
  const count = boundedCountSql(q ? matches.sql : `${matches.sql} ${newest}`);
  const countParams = [...matches.params, exactTotal + 1];
  const offset = pageOffset(filter);
  const rank = q ? ', k.search_rank' : '';
  const order = q
    ? 'page.search_rank desc, page.published_at desc, page.id desc'
    : 'page.published_at desc, page.id desc';
  const withIds = (ids: SqlQuery): SqlQuery => ({
    sql:
      `select counted.total, page.* from (${count}) counted ` +
      `left join (select p.id, ${BLOG_POST_PUBLIC_COLUMNS}${rank} from (${ids.sql}) k join blog_posts p on p.id = k.id ` +
      `left join blog_media m on m.id = p.cover_media_id) page on true order by ${order}`,
    params: [...countParams, ...ids.params],
  });
  if (!q)
    return withIds({
      sql: `${matches.sql} ${newest} limit ? offset ?`,
      params: [...matches.params, filter.per_page, offset],
    });

  const config = TEXT_SEARCH_CONFIG[filter.locale];
  const candidates = {
    sql:
      `select c.id, c.search_rank from (select p.id, p.published_at, ts_rank(p.search_vector, websearch_to_tsquery('${config}', ?)) as search_rank ` +
      `${matches.sql.slice(matches.sql.indexOf(' from '))} ${newest} limit ${BLOG_RANK_CANDIDATES}) c ` +
      'order by c.search_rank desc, c.published_at desc, c.id desc',
    params: [q, ...matches.params],
  };
  const unranked = (limit: number, skip: number): SqlQuery => ({
    sql: `select p.id, -1::real as search_rank${matches.sql.slice(matches.sql.indexOf(' from '))} ${newest} limit ? offset ?`,
    params: [...matches.params, limit, skip],
  });
  const end = offset + filter.per_page;
  if (end <= BLOG_RANK_CANDIDATES) {
    return withIds({
      sql: `${candidates.sql} limit ? offset ?`,
      params: [...candidates.params, filter.per_page, offset],
    });
  }
  if (offset >= BLOG_RANK_CANDIDATES) return withIds(unranked(filter.per_page, offset));
  // The page straddles the last ranked candidate: its ranked tail, then the first unranked matches.
  const rest = unranked(end - BLOG_RANK_CANDIDATES, BLOG_RANK_CANDIDATES);
  return withIds({
    sql: `(${candidates.sql} offset ?) union all (${rest.sql})`,
    params: [...candidates.params, offset, ...rest.params],
  });
}

/** The ids of the published posts a list filter matches, without order or paging (its total's estimate: listTotal). */
function buildBlogMatchesQuery(filter: ListBlogPostsFilter, now: Date): SqlQuery {
  const q = present(filter.q);
  const category = present(filter.category);
  const tag = present(filter.tag);
  const config = TEXT_SEARCH_CONFIG[filter.locale];
  const conditions = ['p.locale = ?', PUBLISHED_SQL];
  const params: unknown[] = [filter.locale, now.toISOString()];
  if (category) {
    conditions.push('p.category = ?');
    params.push(category);
  }
  if (tag) {
    // Tags are stored in lower case.
    conditions.push('p.tags @> array[lower(?)]::text[]');
    params.push(tag);
  }
  if (q) {
    conditions.push(`p.search_vector @@ websearch_to_tsquery('${config}', ?)`);
    params.push(q);
  }
  return { sql: `select p.id from blog_posts p where ${conditions.join(' and ')}`, params };
}

export interface BlogPostListRow extends Partial<BlogPostPublicRow> {
  total: number | string;
}

export interface BlogPostListResult extends ListTotal {
  items: BlogPostPublic[];
}

/** Rows of buildListBlogPostsQuery -> the bounded count and the page's BlogPostPublic items. */
export function toBlogPostList(
  rows: BlogPostListRow[],
  urls: Pick<SiteUrls, 'base'>,
): { counted: number; items: BlogPostPublic[] } {
  const counted = Number(rows[0]?.total ?? 0);
  const items = rows.filter((row) => row.slug != null).map((row) => toBlogPostPublic(row as BlogPostPublicRow, urls));
  return { counted, items };
}

/**
 * Runs buildListBlogPostsQuery: the page's posts and the total, exact up to `exactTotal`
 * (PUBLIC_LIST_EXACT_TOTAL) and the planner's estimate above it (listTotal).
 */
export async function listBlogPosts(
  source: SqlSource,
  filter: ListBlogPostsFilter,
  now: Date,
  urls: Pick<SiteUrls, 'base'>,
  exactTotal: number,
): Promise<BlogPostListResult> {
  const { counted, items } = toBlogPostList(
    await runQuery<BlogPostListRow>(source, buildListBlogPostsQuery(filter, now, exactTotal)),
    urls,
  );
  return { items, ...(await listTotal(source, counted, exactTotal, () => buildBlogMatchesQuery(filter, now))) };
}
