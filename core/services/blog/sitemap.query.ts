import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';
import { isoOrNull } from './row-values.ts';
import { PUBLISHED_SQL } from './visibility.query.ts';
import { pageOffset } from '../sql/page-offset.ts';

/**
 * A page of the sitemap (published posts of both locales, newest first, id breaking ties) with
 * the total, in one round trip: the same one-row-count-joined-to-the-page shape as the post list.
 * last_modified is the later of the last edit and the publication.
 */
export function buildBlogSitemapQuery(filter: { page: number; per_page: number }, now: Date): SqlQuery {
  const nowIso = now.toISOString();
  const sql =
    `select counted.total, page.* from (select count(*)::int as total from blog_posts p where ${PUBLISHED_SQL}) counted ` +
    `left join lateral (select p.id, p.slug, p.locale, p.published_at, greatest(p.updated_at, p.published_at) as last_modified ` +
    `from blog_posts p where ${PUBLISHED_SQL} order by p.published_at desc, p.id desc limit ? offset ?) page on true ` +
    `order by page.published_at desc, page.id desc`;
  return { sql, params: [nowIso, nowIso, filter.per_page, pageOffset(filter)] };
}

export interface BlogSitemapRow {
  total: number | string;
  slug: string | null;
  locale: string | null;
  published_at: Date | string | null;
  last_modified: Date | string | null;
}

export interface BlogSitemapEntry {
  slug: string;
  locale: 'en-US' | 'es-US';
  published_at: string | null;
  last_modified: string | null;
}

/** Rows of buildBlogSitemapQuery -> the total and the page's entries. */
export function toBlogSitemap(rows: BlogSitemapRow[]): { total: number; items: BlogSitemapEntry[] } {
  const total = Number(rows[0]?.total ?? 0);
  const items = rows
    .filter((row) => row.slug != null)
    .map((row) => ({
      slug: row.slug as string,
      locale: row.locale as BlogSitemapEntry['locale'],
      published_at: isoOrNull(row.published_at),
      last_modified: isoOrNull(row.last_modified),
    }));
  return { total, items };
}

/** Runs buildBlogSitemapQuery: the total and the page's entries. */
export async function blogSitemapPage(
  source: SqlSource,
  filter: { page: number; per_page: number },
  now: Date,
): Promise<{ total: number; items: BlogSitemapEntry[] }> {
  return toBlogSitemap(await runQuery<BlogSitemapRow>(source, buildBlogSitemapQuery(filter, now)));
}
