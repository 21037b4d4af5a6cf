import { ACTIVE_CONDITION, LIST_ORDER, OPPORTUNITIES, activeParams } from './active.query.ts';
import { isoTimestamp } from './iso-timestamp.query.ts';
import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';
import { pageOffset } from '../sql/page-offset.ts';

export interface GovernmentSitemapInput {
  page: number;
  per_page: number;
}

interface GovernmentSitemapRow {
  slug: string;
  posted_date: string | null;
  last_modified: string | null;
  response_deadline: string | null;
}

/** GovernmentOpportunitySitemapEntry (spec 2.4). */
export type GovernmentSitemapEntry = GovernmentSitemapRow;

/** One page of the active opportunities' slugs, in the list's order (newest posted first). */
export function buildGovernmentSitemapQuery(input: GovernmentSitemapInput, now: Date): SqlQuery {
  return {
    sql:
      `select slug, ${isoTimestamp('posted_date')} as posted_date, ${isoTimestamp('updated_at')} as last_modified, ` +
      `${isoTimestamp('response_deadline')} as response_deadline from ${OPPORTUNITIES} ` +
      `where ${ACTIVE_CONDITION} order by ${LIST_ORDER} limit ? offset ?`,
    params: [...activeParams(now), input.per_page, pageOffset(input)],
  };
}

/** How many active opportunities there are (the sitemap's `meta.total`); one row `{ total }`. */
export function buildGovernmentSitemapCountQuery(now: Date): SqlQuery {
  return {
    sql: `select count(*)::int as total from government_opportunities where ${ACTIVE_CONDITION}`,
    params: activeParams(now),
  };
}

function toGovernmentSitemapEntry(row: GovernmentSitemapRow): GovernmentSitemapEntry {
  return {
    slug: row.slug,
    posted_date: row.posted_date,
    last_modified: row.last_modified,
    response_deadline: row.response_deadline,
  };
}

/** Runs buildGovernmentSitemapQuery, then buildGovernmentSitemapCountQuery: the page's entries and the number of active opportunities. */
export async function governmentSitemapPage(
  source: SqlSource,
  input: GovernmentSitemapInput,
  now: Date,
): Promise<{ items: GovernmentSitemapEntry[]; total: number }> {
  const rows = await runQuery<GovernmentSitemapRow>(source, buildGovernmentSitemapQuery(input, now));
  const totals = await runQuery<{ total: number }>(source, buildGovernmentSitemapCountQuery(now));
  return { items: rows.map(toGovernmentSitemapEntry), total: totals[0]?.total ?? 0 };
}
