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
 * One round trip for a page of published posts and the total: a one-row count joined to the page.
 * The filter is written out twice (count, page) rather than shared through a CTE, which PostgreSQL
 * would materialise in full; each copy can use its own index. With `q`, rows are matched by
 * websearch_to_tsquery in the locale's configuration and ranked by ts_rank, then newest first.
 *
 * Result rows: `total` on every row; when the page is empty, exactly one row whose other columns are null.
 */
export function buildListBlogPostsQuery(filter: ListBlogPostsFilter, now: Date): SqlQuery {
  const q = present(filter.q);
  const category = present(filter.category);
  const tag = present(filter.tag);
  const config = TEXT_SEARCH_CONFIG[filter.locale];

  const from = q ? `blog_posts p cross join websearch_to_tsquery('${config}', ?) as query` : 'blog_posts p';
  const conditions = ['p.locale = ?', PUBLISHED_SQL];
  const conditionParams: unknown[] = [filter.locale, now.toISOString()];
  if (category) {
    conditions.push('p.category = ?');
    conditionParams.push(category);
  }
  if (tag) {
    // Tags are stored in lower case.
    conditions.push('p.tags @> array[lower(?)]::text[]');
    conditionParams.push(tag);
  }
  if (q) conditions.push('p.search_vector @@ query');
  const where = conditions.join(' and ');
  const filterParams = q ? [q, ...conditionParams] : conditionParams;

  const rank = q ? ', ts_rank(p.search_vector, query) as search_rank' : '';
  const innerOrder = q ? 'search_rank desc, p.published_at desc, p.id desc' : 'p.published_at desc, p.id desc';
  const outerOrder = q
    ? 'page.search_rank desc, page.published_at desc, page.id desc'
    : 'page.published_at desc, page.id desc';

  const sql =
    `select counted.total, page.* from (select count(*)::int as total from ${from} where ${where}) counted ` +
    `left join lateral (select p.id, ${BLOG_POST_PUBLIC_COLUMNS}${rank} from ${from} ` +
    `left join blog_media m on m.id = p.cover_media_id where ${where} ` +
    `order by ${innerOrder} limit ? offset ?) page on true order by ${outerOrder}`;
  const offset = pageOffset(filter);
  return { sql, params: [...filterParams, ...filterParams, filter.per_page, offset] };
}

export interface BlogPostListRow extends Partial<BlogPostPublicRow> {
  total: number | string;
}

export interface BlogPostListResult {
  total: number;
  items: BlogPostPublic[];
}

/** Rows of buildListBlogPostsQuery -> the total and the page's BlogPostPublic items. */
export function toBlogPostList(rows: BlogPostListRow[], urls: Pick<SiteUrls, 'base'>): BlogPostListResult {
  const total = Number(rows[0]?.total ?? 0);
  const items = rows.filter((row) => row.slug != null).map((row) => toBlogPostPublic(row as BlogPostPublicRow, urls));
  return { total, items };
}

/** Runs buildListBlogPostsQuery: the total and the page's posts. */
export async function listBlogPosts(
  source: SqlSource,
  filter: ListBlogPostsFilter,
  now: Date,
  urls: Pick<SiteUrls, 'base'>,
): Promise<BlogPostListResult> {
  return toBlogPostList(await runQuery<BlogPostListRow>(source, buildListBlogPostsQuery(filter, now)), urls);
}
