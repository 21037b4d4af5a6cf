import type { EntityManager } from '@mikro-orm/postgresql';
import { OPPORTUNITY_COLUMNS } from './insert-opportunities.query.ts';
import type { GovernmentOpportunityRecord } from './record.ts';
import { runQuery, type SqlQuery } from '../sql/query.ts';

/** The most records one call takes: one statement, a few MB of JSON. */
export const UPSERT_BATCH_MAX = 1_000;

/** Columns an update never writes: the slug (a notice keeps its address) and the ones handled apart. */
const KEPT = new Set(['notice_id', 'slug', 'description_cached', 'naics_display', 'updated_at']);
const COMPARED = OPPORTUNITY_COLUMNS.map(([name]) => name).filter((name) => !KEPT.has(name));

const names = OPPORTUNITY_COLUMNS.map(([name]) => name);
const definitions = OPPORTUNITY_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');
/** A column's incoming value (naics_display and description_cached resolved in `incoming`). */
const incomingValue = (name: string) => `i.${name}`;

/**
 * One statement that upserts a batch by notice id:
 * - `incoming`: the records, one per notice id (the latest posted, then the latest updated, wins
 *   inside a batch), naics_display filled from the stored NAICS labels when the record has none;
 * - `changed`: the stored rows the incoming version replaces: not older (by posted_date; by
 *   updated_at when either posted date is missing) and different in some column. The slug is never
 *   rewritten, nor description_cached unless the incoming record carries one; updated_at moves;
 * - `added`: new notices. The slug is the record's, unless another notice (stored, or earlier in
 *   the batch: the window over the new notices, by notice id) holds it: then a deterministic suffix from the notice id's md5. `on conflict do
 *   nothing` skips a notice another writer inserted meanwhile (the unique indexes decide, no
 *   check-then-act), so a concurrent run never fails the batch.
 * The answer is one row of counts; unchanged = records given - inserted - updated.
 */
function buildUpsertOpportunitiesQuery(records: readonly GovernmentOpportunityRecord[]): SqlQuery {
  const changedColumns = COMPARED.map((name) => `g.${name}`).join(', ');
  const incomingColumns = COMPARED.map((name) => incomingValue(name)).join(', ');
  const assignments = [
    ...COMPARED.map((name) => `${name} = ${incomingValue(name)}`),
    'naics_display = i.naics_display',
    'description_cached = coalesce(i.description_cached, g.description_cached)',
    'updated_at = greatest(i.updated_at, g.updated_at)',
  ].join(', ');
  const sql = `with given as (
      select r.*, row_number() over () as position from jsonb_to_recordset(?::jsonb) as r(${definitions})
    ), incoming as (
      select distinct on (r.notice_id) ${names
        .filter((name) => name !== 'naics_display')
        .map((name) => `r.${name}`)
        .join(', ')},
        coalesce(r.naics_display, (select c.label from government_classification_codes c where c.kind = 'naics' and c.code = r.naics_code)) as naics_display,
        r.position
      from given r
      order by r.notice_id, r.posted_date desc nulls last, r.updated_at desc, r.position desc
    ), changed as (
      update government_opportunities g set ${assignments}
      from incoming i
      where g.notice_id = i.notice_id
        and (case when i.posted_date is not null and g.posted_date is not null then i.posted_date >= g.posted_date
                  else i.updated_at >= g.updated_at end)
        and ((${changedColumns}, g.naics_display) is distinct from (${incomingColumns}, i.naics_display)
             or (i.description_cached is not null and i.description_cached is distinct from g.description_cached))
      returning g.notice_id
    ), fresh as (
      select i.*, (
          exists (select 1 from government_opportunities g where g.slug = i.slug)
          or row_number() over (partition by i.slug order by i.notice_id) > 1
        ) as slug_taken
      from incoming i
      where not exists (select 1 from government_opportunities g where g.notice_id = i.notice_id)
    ), added as (
      insert into government_opportunities (${names.join(', ')})
      select ${names
        .map((name) =>
          name === 'slug'
            ? `case when f.slug_taken then left(f.slug, 200) || '-' || left(md5(f.notice_id), 12) else f.slug end`
            : `f.${name}`,
        )
        .join(', ')}
      from fresh f
      order by f.position
      on conflict do nothing
      returning notice_id
    )
    select (select count(*) from added)::int as inserted, (select count(*) from changed)::int as updated`;
  return { sql, params: [JSON.stringify(records)] };
}

/**
 * Upserts up to UPSERT_BATCH_MAX records by notice id in one statement, on the connection (and the
 * transaction) of `em`: see buildUpsertOpportunitiesQuery for the rules.
 */
export async function upsertOpportunityRecords(
  em: EntityManager,
  records: readonly GovernmentOpportunityRecord[],
): Promise<{ inserted: number; updated: number; unchanged: number }> {
  if (records.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  if (records.length > UPSERT_BATCH_MAX)
    throw new RangeError(`at most ${UPSERT_BATCH_MAX} records per upsert, got ${records.length}`);
  const [row] = await runQuery<{ inserted: number; updated: number }>(em, buildUpsertOpportunitiesQuery(records));
  const inserted = Number(row?.inserted ?? 0);
  const updated = Number(row?.updated ?? 0);
  return { inserted, updated, unchanged: records.length - inserted - updated };
}
