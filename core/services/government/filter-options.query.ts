import { ACTIVE_CONDITION, activeParams } from './active.query.ts';
import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';

/** How many codes of each kind the filter options list (the most frequent ones). */
export const FILTER_OPTIONS_LIMIT = 100;

export interface GovernmentFilterOptionRow {
  kind: 'naics' | 'psc';
  code: string;
  label: string;
  description: string | null;
  count: number;
}

interface GovernmentFilterOption {
  code: string;
  label: string;
  count: number;
  description: string | null;
}

/** GovernmentOpportunityFilterOptions (spec 2.5). */
export interface GovernmentFilterOptions {
  naics: GovernmentFilterOption[];
  psc: GovernmentFilterOption[];
}

/**
 * The NAICS and PSC codes of the active opportunities with their counts, most frequent first
 * (ties by code), at most `limit` of each. Labels come from government_classification_codes;
 * a NAICS code missing there falls back to the opportunities' own naics_display, then to the code.
 */
export function buildGovernmentFilterOptionsQuery(now: Date, limit: number = FILTER_OPTIONS_LIMIT): SqlQuery {
  const sql = `with counted as (
      select 'naics'::text as kind, naics_code as code, max(naics_display) as display, count(*)::int as count
      from government_opportunities where ${ACTIVE_CONDITION} and naics_code is not null group by naics_code
      union all
      select 'psc'::text, product_service_code, null, count(*)::int
      from government_opportunities where ${ACTIVE_CONDITION} and product_service_code is not null group by product_service_code
    ), ranked as (
      select c.kind, c.code, coalesce(l.label, c.display, c.code) as label, l.description, c.count,
        row_number() over (partition by c.kind order by c.count desc, c.code collate "C") as rank
      from counted c left join government_classification_codes l on l.kind = c.kind and l.code = c.code
    )
    select kind, code, label, description, count from ranked where rank <= ? order by kind, rank`;
  return { sql, params: [...activeParams(now), ...activeParams(now), limit] };
}

export function toGovernmentFilterOptions(rows: GovernmentFilterOptionRow[]): GovernmentFilterOptions {
  const options: GovernmentFilterOptions = { naics: [], psc: [] };
  for (const row of rows) {
    options[row.kind].push({ code: row.code, label: row.label, count: row.count, description: row.description });
  }
  return options;
}

/** Runs buildGovernmentFilterOptionsQuery with the default limit: the NAICS and PSC lists. */
export async function governmentFilterOptions(source: SqlSource, now: Date): Promise<GovernmentFilterOptions> {
  return toGovernmentFilterOptions(
    await runQuery<GovernmentFilterOptionRow>(source, buildGovernmentFilterOptionsQuery(now)),
  );
}
