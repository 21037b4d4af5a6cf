import { ACTIVE_CONDITION, activeParams } from '../government/active.query.ts';
import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';

/** The most government categories the text router matches (the demo data has 16). */
const CATEGORY_LIMIT = 200;

/**
 * The trade categories of the active government opportunities, most used first (ties by name), for
 * the text router's `category` argument. Served by the partial category index of the active set.
 */
function buildGovernmentCategoriesQuery(now: Date, limit: number = CATEGORY_LIMIT): SqlQuery {
  const sql =
    `select category from government_opportunities where ${ACTIVE_CONDITION} and category is not null ` +
    `group by category order by count(*) desc, category collate "C" limit ?`;
  return { sql, params: [...activeParams(now), limit] };
}

/** Runs buildGovernmentCategoriesQuery: the category names. */
export async function governmentCategories(source: SqlSource, now: Date): Promise<string[]> {
  const rows = await runQuery<{ category: string }>(source, buildGovernmentCategoriesQuery(now));
  return rows.map((row) => row.category);
}
