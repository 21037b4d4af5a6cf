import { runQuery, type SqlSource } from '../../sql/query.ts';

interface LeadSourceStatsRow {
  id: string;
  name: string;
  channel: string | null;
  lead_count: string;
  converted_count: string;
}

/**
 * Lead sources of one business with their lead counts, by name ignoring letter case (names are unique
 * that way inside a business), then id, strictly after `after` (a name and id).
 */
export function findLeadSourceStats(
  em: SqlSource,
  businessId: string,
  after: readonly [string, string] | undefined,
  limit: number,
): Promise<LeadSourceStatsRow[]> {
  return runQuery<LeadSourceStatsRow>(em, {
    sql: `select s.id, s.name, s.channel,
            (select count(*) from leads l where l.business_id = s.business_id and l.lead_source_id = s.id) as lead_count,
            (select count(*) from leads l where l.business_id = s.business_id and l.lead_source_id = s.id and l.status = 'converted') as converted_count
          from lead_sources s
          where s.business_id = ? ${after ? 'and (lower(s.name) collate "C", s.id) > (lower(?) collate "C", ?::uuid)' : ''}
          order by lower(s.name) collate "C", s.id
          limit ?`,
    params: [businessId, ...(after ?? []), limit],
  });
}

/** A fraction 0..1 to 4 decimals; null when there is nothing to convert. */
function conversionRate(converted: number, leads: number): number | null {
  return leads === 0 ? null : Math.round((converted / leads) * 10_000) / 10_000;
}

export function toLeadSourceStats(row: LeadSourceStatsRow) {
  const leadCount = Number(row.lead_count);
  const convertedCount = Number(row.converted_count);
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    lead_count: leadCount,
    converted_count: convertedCount,
    conversion_rate: conversionRate(convertedCount, leadCount),
  };
}
