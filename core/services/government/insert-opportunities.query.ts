import type { EntityManager } from '@mikro-orm/postgresql';
import type { GovernmentClassificationCode, GovernmentOpportunityRecord } from './record.ts';
import type { SqlQuery } from '../sql/query.ts';

/** Every stored column of GovernmentOpportunityRecord with its SQL type, in table order. */
export const OPPORTUNITY_COLUMNS: ReadonlyArray<readonly [keyof GovernmentOpportunityRecord, string]> = [
  ['notice_id', 'varchar(64)'],
  ['slug', 'varchar(255)'],
  ['title', 'text'],
  ['status', 'varchar(32)'],
  ['organization', 'text'],
  ['place_city', 'text'],
  ['place_state', 'varchar(2)'],
  ['naics_code', 'varchar(16)'],
  ['naics_display', 'text'],
  ['classification_code', 'varchar(16)'],
  ['product_service_code', 'varchar(16)'],
  ['category', 'varchar(64)'],
  ['posted_date', 'timestamptz'],
  ['response_deadline', 'timestamptz'],
  ['set_aside', 'text'],
  ['set_aside_code', 'varchar(32)'],
  ['is_actionable', 'boolean'],
  ['solicitation_number', 'varchar(128)'],
  ['related_notice', 'text'],
  ['contract_line_item_number', 'text'],
  ['type', 'text'],
  ['base_type', 'text'],
  ['archive_type', 'text'],
  ['archive_policy', 'text'],
  ['archive_date', 'timestamptz'],
  ['department', 'text'],
  ['subtier', 'text'],
  ['office', 'text'],
  ['organization_type', 'text'],
  ['organization_name', 'text'],
  ['full_parent_path_name', 'text'],
  ['source_link', 'text'],
  ['description_cached', 'text'],
  ['additional_info_link', 'text'],
  ['place_of_performance', 'jsonb'],
  ['office_address', 'jsonb'],
  ['award', 'jsonb'],
  ['point_of_contact', 'jsonb'],
  ['resource_links', 'jsonb'],
  ['trade_tags', 'text[]'],
  ['updated_at', 'timestamptz'],
];

const names = OPPORTUNITY_COLUMNS.map(([name]) => name).join(', ');
const definitions = OPPORTUNITY_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');

/**
 * One multi-row INSERT for a batch: the rows travel as a single JSON array parameter and
 * jsonb_to_recordset turns it into typed columns (one literal instead of ~40 per row). Rows whose
 * notice id or slug already exist are skipped, so re-running a range is harmless.
 * Run it with method 'run': `affectedRows` is the number inserted.
 */
export function buildInsertGovernmentOpportunitiesQuery(records: readonly GovernmentOpportunityRecord[]): SqlQuery {
  return {
    sql:
      `insert into government_opportunities (${names}) select ${names} ` +
      `from jsonb_to_recordset(?::jsonb) as r(${definitions}) on conflict do nothing`,
    params: [JSON.stringify(records)],
  };
}

/** Inserts or relabels NAICS/PSC codes. */
function buildUpsertClassificationCodesQuery(codes: readonly GovernmentClassificationCode[]): SqlQuery {
  return {
    sql:
      'insert into government_classification_codes (kind, code, label, description) ' +
      'select kind, code, label, description from jsonb_to_recordset(?::jsonb) as r(kind varchar(8), code varchar(16), label text, description text) ' +
      'on conflict (kind, code) do update set label = excluded.label, description = excluded.description',
    params: [JSON.stringify(codes)],
  };
}

/**
 * Upserts the labels of the given codes, then stores the opportunities in one statement each;
 * answers how many opportunities were new (existing notice ids or slugs are skipped). knex sends
 * the parameters as bind values: Connection.execute would inline (escape) the multi-megabyte JSON
 * literal character by character, which costs more than the insert itself.
 */
export async function insertGovernmentOpportunities(
  em: EntityManager,
  records: readonly GovernmentOpportunityRecord[],
  codes: readonly GovernmentClassificationCode[],
): Promise<number> {
  const knex = em.getKnex();
  if (codes.length > 0) {
    const upsert = buildUpsertClassificationCodesQuery(codes);
    await knex.raw(upsert.sql, upsert.params as never[]);
  }
  const insert = buildInsertGovernmentOpportunitiesQuery(records);
  const result = (await knex.raw(insert.sql, insert.params as never[])) as { rowCount: number | null };
  return result.rowCount ?? 0;
}
