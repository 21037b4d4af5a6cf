import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlQuery } from '../sql/query.ts';

/** Every post row, whatever its status: the seed sequence continues after this many. */
function buildCountBlogPostsQuery(): SqlQuery {
  return { sql: 'select count(*)::int as n from blog_posts', params: [] };
}

/** Runs buildCountBlogPostsQuery on the request's unit of work. */
export async function countBlogPosts(em: EntityManager): Promise<number> {
  const { sql, params } = buildCountBlogPostsQuery();
  const [row] = await em.getConnection().execute<Array<{ n: number | string }>>(sql, params, 'all');
  return Number(row?.n ?? 0);
}
