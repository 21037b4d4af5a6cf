import type { SqlQuery } from './sql-query.ts';

/** Every post row, whatever its status: the seed sequence continues after this many. */
export function buildCountBlogPostsQuery(): SqlQuery {
  return { sql: 'select count(*)::int as n from blog_posts', params: [] };
}
