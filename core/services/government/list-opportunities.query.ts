import { ACTIVE_CONDITION, LIST_ORDER, OPPORTUNITIES, activeParams } from './active.query.ts';
import { escapeLike, wordsOrSubstring } from '../sql/substring-search.ts';
import { isoTimestamp } from './iso-timestamp.query.ts';
import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';
import { pageOffset } from '../sql/page-offset.ts';

/** The list's filters after validation (state and psc upper-cased, empty strings dropped). */
export interface GovernmentOpportunityListInput {
  page: number;
  per_page: number;
  keyword?: string | undefined;
  state?: string | undefined;
  category?: string | undefined;
  naics?: string | undefined;
  psc?: string | undefined;
  set_aside?: string | undefined;
}

/** A row of the list query; the columns of spec 2.2, timestamps already ISO 8601 strings. */
export interface GovernmentOpportunityPublicRow {
  id: number;
  title: string;
  status: string;
  notice_id: string | null;
  slug: string | null;
  organization: string | null;
  place_city: string | null;
  place_state: string | null;
  naics_code: string | null;
  naics_display: string | null;
  classification_code: string | null;
  product_service_code: string | null;
  category: string | null;
  posted_date: string | null;
  response_deadline: string | null;
  set_aside: string | null;
  is_actionable: boolean;
}

/** GovernmentOpportunityPublic: every field of spec 2.2, always present. */
export type GovernmentOpportunityPublicItem = GovernmentOpportunityPublicRow;

/** The columns of GovernmentOpportunityPublic, in spec order (shared with the detail query). */
export const PUBLIC_COLUMNS = [
  'id',
  'title',
  'status',
  'notice_id',
  'slug',
  'organization',
  'place_city',
  'place_state',
  'naics_code',
  'naics_display',
  'classification_code',
  'product_service_code',
  'category',
  `${isoTimestamp('posted_date')} as posted_date`,
  `${isoTimestamp('response_deadline')} as response_deadline`,
  'set_aside',
  'is_actionable',
].join(', ');

/**
 * One page of active opportunities, newest posted first. Asks for one row more than the page so
 * the caller learns whether a next page exists without counting the whole result. The filters'
 * indexes carry response_deadline (Migration20270125000000_government_list_cover), so skipping to a
 * deep page of a filter reads the index only.
 * Keyword: full-text match (English stemming, web-search syntax: quotes, OR, -word) over title,
 * solicitation number, organization and description, or a partial solicitation-number match
 * (only for a keyword with a run of three letters or digits: allowsSubstringMatch).
 */
export function buildGovernmentOpportunityListQuery(input: GovernmentOpportunityListInput, now: Date): SqlQuery {
  const where = [ACTIVE_CONDITION];
  const params: unknown[] = [...activeParams(now)];
  if (input.keyword !== undefined) {
    const search = wordsOrSubstring('search_vector', 'solicitation_number', input.keyword);
    where.push(search.sql);
    params.push(...search.params);
  }
  if (input.state !== undefined) {
    where.push('place_state = ?');
    params.push(input.state);
  }
  if (input.naics !== undefined) {
    where.push('naics_code = ?');
    params.push(input.naics);
  }
  if (input.psc !== undefined) {
    where.push('product_service_code like ?');
    params.push(`${escapeLike(input.psc)}%`);
  }
  if (input.category !== undefined) {
    where.push('category = ?');
    params.push(input.category);
  }
  if (input.set_aside !== undefined) {
    // The description ("Total Small Business Set-Aside (FAR 19.5)") or its code ("SBA").
    where.push('(set_aside = ? or set_aside_code = ?)');
    params.push(input.set_aside, input.set_aside);
  }
  params.push(input.per_page + 1, pageOffset(input));
  // A deferred join: the page's ids first, walking an index that holds the whole active condition
  // (an index-only scan when no keyword is given), then only the page's rows from the table.
  const page = `select o.id as page_id from ${OPPORTUNITIES} where ${where.join(' and ')} order by ${LIST_ORDER} limit ? offset ?`;
  return {
    sql: `select ${PUBLIC_COLUMNS} from (${page}) p join ${OPPORTUNITIES} on o.id = p.page_id order by ${LIST_ORDER}`,
    params,
  };
}

/** A list row as GovernmentOpportunityPublic: exactly the spec 2.2 fields, nothing more. */
export function toGovernmentOpportunityPublic(row: GovernmentOpportunityPublicRow): GovernmentOpportunityPublicItem {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    notice_id: row.notice_id,
    slug: row.slug,
    organization: row.organization,
    place_city: row.place_city,
    place_state: row.place_state,
    naics_code: row.naics_code,
    naics_display: row.naics_display,
    classification_code: row.classification_code,
    product_service_code: row.product_service_code,
    category: row.category,
    posted_date: row.posted_date,
    response_deadline: row.response_deadline,
    set_aside: row.set_aside,
    is_actionable: row.is_actionable,
  };
}

/**
 * Runs buildGovernmentOpportunityListQuery: the page's items, and whether a next page exists (the
 * query asks for one row beyond the page; its presence means there is one).
 */
export async function listActiveOpportunities(
  source: SqlSource,
  input: GovernmentOpportunityListInput,
  now: Date,
): Promise<{ items: GovernmentOpportunityPublicItem[]; hasMore: boolean }> {
  const rows = await runQuery<GovernmentOpportunityPublicRow>(source, buildGovernmentOpportunityListQuery(input, now));
  const hasMore = rows.length > input.per_page;
  return { items: (hasMore ? rows.slice(0, input.per_page) : rows).map(toGovernmentOpportunityPublic), hasMore };
}
