import type { SiteUrls } from '../../context.ts';
import {
  PUBLIC_COLUMNS,
  toGovernmentOpportunityPublic,
  type GovernmentOpportunityPublicItem,
  type GovernmentOpportunityPublicRow,
} from './list-opportunities.query.ts';
import type { GovernmentAddress, GovernmentAward, GovernmentPointOfContact, GovernmentResourceLink } from './record.ts';
import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';

/** The detail fields of spec 2.3 that come straight from the stored row. */
interface GovernmentOpportunityDetailFields {
  solicitation_number: string | null;
  related_notice: string | null;
  contract_line_item_number: string | null;
  type: string | null;
  base_type: string | null;
  archive_type: string | null;
  archive_policy: string | null;
  department: string | null;
  subtier: string | null;
  office: string | null;
  organization_type: string | null;
  organization_name: string | null;
  full_parent_path_name: string | null;
  set_aside_code: string | null;
  source_link: string | null;
  description_cached: string | null;
  additional_info_link: string | null;
  place_of_performance: GovernmentAddress | null;
  office_address: GovernmentAddress | null;
  award: GovernmentAward | null;
  point_of_contact: GovernmentPointOfContact[];
  resource_links: GovernmentResourceLink[];
  trade_tags: string[];
}

export interface GovernmentOpportunityDetailRow
  extends GovernmentOpportunityPublicRow, GovernmentOpportunityDetailFields {}

/** GovernmentOpportunityDetail (spec 2.3), every field present: the stored fields plus the derived ones. */
export interface GovernmentOpportunityDetailItem
  extends GovernmentOpportunityPublicItem, GovernmentOpportunityDetailFields {
  registry_public_url: string | null;
  fit_score: number | null;
  saved: boolean;
}

const DETAIL_COLUMNS = [
  PUBLIC_COLUMNS,
  'solicitation_number',
  'related_notice',
  'contract_line_item_number',
  'type',
  'base_type',
  'archive_type',
  'archive_policy',
  'department',
  'subtier',
  'office',
  'organization_type',
  'organization_name',
  'full_parent_path_name',
  'set_aside_code',
  'source_link',
  'description_cached',
  'additional_info_link',
  'place_of_performance',
  'office_address',
  // Timestamps inside jsonb are stored as ISO 8601 strings already (see record.ts).
  'award',
  'point_of_contact',
  'resource_links',
  // As json: the driver parses JSON natively, an array's text form in JavaScript (directory/listing-columns.query.ts).
  'to_json(trade_tags) as trade_tags',
].join(', ');

/**
 * One opportunity by slug (preferred) or by upstream notice id, whatever its status: old links
 * keep working after a notice closes. Should a slug ever equal another record's notice id, the
 * slug wins.
 */
export function buildGovernmentOpportunityDetailQuery(input: { identifier: string }): SqlQuery {
  return {
    sql:
      `select ${DETAIL_COLUMNS} from government_opportunities where slug = ? or notice_id = ? ` +
      'order by (slug = ?) desc limit 1',
    params: [input.identifier, input.identifier, input.identifier],
  };
}

/** The notice's public page on SAM.gov, derived from the notice id (not stored). */
function registryPublicUrl(noticeId: string | null): string | null {
  return noticeId ? `https://sam.gov/opp/${encodeURIComponent(noticeId)}/view` : null;
}

/** Stored links are absolute upstream URLs; anything relative is resolved against {site_url}. */
function absolute(url: string | null, urls: SiteUrls): string | null {
  if (!url || /^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  try {
    return new URL(url, `${urls.site}/`).toString();
  } catch {
    return null;
  }
}

/** A detail row as GovernmentOpportunityDetail, for an anonymous caller (no fit score, not saved). */
export function toGovernmentOpportunityDetail(
  row: GovernmentOpportunityDetailRow,
  urls: SiteUrls,
): GovernmentOpportunityDetailItem {
  return {
    ...toGovernmentOpportunityPublic(row),
    solicitation_number: row.solicitation_number,
    related_notice: row.related_notice,
    contract_line_item_number: row.contract_line_item_number,
    type: row.type,
    base_type: row.base_type,
    archive_type: row.archive_type,
    archive_policy: row.archive_policy,
    department: row.department,
    subtier: row.subtier,
    office: row.office,
    organization_type: row.organization_type,
    organization_name: row.organization_name,
    full_parent_path_name: row.full_parent_path_name,
    set_aside_code: row.set_aside_code,
    source_link: absolute(row.source_link, urls),
    description_cached: row.description_cached,
    registry_public_url: registryPublicUrl(row.notice_id),
    additional_info_link: absolute(row.additional_info_link, urls),
    place_of_performance: row.place_of_performance,
    office_address: row.office_address,
    award: row.award,
    point_of_contact: row.point_of_contact,
    resource_links: row.resource_links.map((link) => ({ ...link, url: absolute(link.url, urls) })),
    trade_tags: row.trade_tags,
    fit_score: null,
    saved: false,
  };
}

/** Runs buildGovernmentOpportunityDetailQuery: the opportunity for an anonymous caller, or undefined when none has this identifier. */
export async function findGovernmentOpportunity(
  source: SqlSource,
  input: { identifier: string },
  urls: SiteUrls,
): Promise<GovernmentOpportunityDetailItem | undefined> {
  const [row] = await runQuery<GovernmentOpportunityDetailRow>(source, buildGovernmentOpportunityDetailQuery(input));
  return row ? toGovernmentOpportunityDetail(row, urls) : undefined;
}
