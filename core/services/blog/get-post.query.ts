import type { SiteUrls } from '../../context.ts';
import type { BlogLocale } from './locale.ts';
import {
  BLOG_POST_PUBLIC_COLUMNS,
  toBlogPostPublic,
  type BlogPostPublic,
  type BlogPostPublicRow,
} from './post-columns.query.ts';
import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';
import { PUBLISHED_SQL } from './visibility.query.ts';

export interface GetBlogPostFilter {
  slug: string;
  locale: BlogLocale;
}

/** One published post by slug in one locale; no row when there is none (or not yet published). */
export function buildGetBlogPostQuery(filter: GetBlogPostFilter, now: Date): SqlQuery {
  const sql =
    `select ${BLOG_POST_PUBLIC_COLUMNS}, p.body, p.meta_description from blog_posts p ` +
    `left join blog_media m on m.id = p.cover_media_id ` +
    `where p.slug = ? and p.locale = ? and ${PUBLISHED_SQL} limit 1`;
  return { sql, params: [filter.slug, filter.locale, now.toISOString()] };
}

export interface BlogPostDetailRow extends BlogPostPublicRow {
  body: string;
  meta_description: string | null;
}

export interface BlogPostDetail extends BlogPostPublic {
  body: string;
  meta_description: string | null;
}

/** Row -> BlogPostDetail: the public fields plus body and meta_description. */
export function toBlogPostDetail(row: BlogPostDetailRow, urls: Pick<SiteUrls, 'base'>): BlogPostDetail {
  return { ...toBlogPostPublic(row, urls), body: row.body, meta_description: row.meta_description };
}

/** Runs buildGetBlogPostQuery: the published post, or undefined when there is none. */
export async function findPublishedBlogPost(
  source: SqlSource,
  filter: GetBlogPostFilter,
  now: Date,
  urls: Pick<SiteUrls, 'base'>,
): Promise<BlogPostDetail | undefined> {
  const [row] = await runQuery<BlogPostDetailRow>(source, buildGetBlogPostQuery(filter, now));
  return row ? toBlogPostDetail(row, urls) : undefined;
}
