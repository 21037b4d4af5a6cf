import type { BlogLocale } from './locale.ts';
import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';
import { PUBLISHED_SQL } from './visibility.query.ts';

/**
 * The categories of one locale's published posts with their counts, most used first, then by name.
 * Names are ordered bytewise (collate "C") so every database, whatever its default collation,
 * answers in the same order.
 */
export function buildListBlogCategoriesQuery(filter: { locale: BlogLocale }, now: Date): SqlQuery {
  const sql =
    `select p.category, count(*)::int as post_count from blog_posts p ` +
    `where p.locale = ? and ${PUBLISHED_SQL} and p.category is not null ` +
    `group by p.category order by post_count desc, p.category collate "C" asc`;
  return { sql, params: [filter.locale, now.toISOString()] };
}

export interface BlogCategoryRow {
  category: string;
  post_count: number | string;
}

export function toBlogCategory(row: BlogCategoryRow): { category: string; post_count: number } {
  return { category: row.category, post_count: Number(row.post_count) };
}

/** Runs buildListBlogCategoriesQuery: the locale's categories with their counts. */
export async function listBlogCategories(
  source: SqlSource,
  filter: { locale: BlogLocale },
  now: Date,
): Promise<Array<{ category: string; post_count: number }>> {
  const rows = await runQuery<BlogCategoryRow>(source, buildListBlogCategoriesQuery(filter, now));
  return rows.map(toBlogCategory);
}
