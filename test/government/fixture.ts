import { createLogger } from '../../core/logger.ts';
import { generateGovernmentOpportunity } from '../../scripts/seed/demo-data/government.ts';
import { buildInsertGovernmentOpportunitiesQuery } from '../../core/services/government/insert-opportunities.query.ts';
import type { GovernmentOpportunityRecord } from '../../core/services/government/record.ts';
import { systemCaller, type SystemCaller } from '../../scripts/lib/system-caller.ts';
import { governmentSeedArea } from '../../scripts/seed/government.ts';
import { service } from '../helpers/root-hooks.ts';

/** Generated rows 0 .. GENERATED-1 of the demo sequence. */
export const GENERATED = 400;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface GovernmentFixture {
  /** Roughly when the rows were made (deadlines are relative to it). */
  now: Date;
  /** Hand-made rows, all in Puerto Rico (PR), a state the generator never uses. */
  special: Record<SpecialName, GovernmentOpportunityRecord>;
  /** Special rows the public list shows for state=PR, in list order. */
  activePr: SpecialName[];
}

type SpecialName =
  | 'newest'
  | 'tieFirst'
  | 'tieSecond'
  | 'keywordTitle'
  | 'keywordDescription'
  | 'solicitation'
  | 'nullDeadline'
  | 'relativeLinks'
  | 'staticSlug'
  | 'noPostedDate'
  | 'expired'
  | 'archived'
  | 'cancelled';

export function governmentCaller(): SystemCaller {
  const shared = service();
  return systemCaller({
    orm: shared.database.orm,
    services: shared.services,
    config: shared.config,
    log: createLogger('silent'),
  });
}

export function knex() {
  return service().database.orm.em.getKnex();
}

/**
 * Inserts records with the statement government.insertOpportunities runs and, unless told not to,
 * forgets the cached filter options as that procedure does.
 */
export async function insertRecords(
  records: GovernmentOpportunityRecord[],
  options: { invalidateCache?: boolean } = {},
): Promise<void> {
  const query = buildInsertGovernmentOpportunitiesQuery(records);
  await knex().raw(query.sql, query.params as never[]);
  if (options.invalidateCache ?? true) {
    service().services.caches.governmentFilterOptions.invalidate();
    // As the insert procedure does; the trigger's notification would reach the cache a moment later.
    service().services.caches.publicReads.invalidate('government');
  }
}

export async function deleteByNoticeIds(noticeIds: string[]): Promise<void> {
  if (noticeIds.length === 0) return;
  await knex().raw('delete from government_opportunities where notice_id = any(?::text[])', [noticeIds]);
  service().services.caches.governmentFilterOptions.invalidate();
  service().services.caches.publicReads.invalidate('government');
}

function special(
  index: number,
  now: Date,
  overrides: Partial<GovernmentOpportunityRecord>,
): GovernmentOpportunityRecord {
  const base = generateGovernmentOpportunity(9_000_000 + index, now);
  const noticeId = `fixture${String(index).padStart(4, '0')}${'0'.repeat(21)}`;
  return {
    ...base,
    notice_id: noticeId,
    slug: `fixture-opportunity-${index}`,
    status: 'active',
    place_state: 'PR',
    place_city: 'San Juan',
    posted_date: new Date(now.getTime() - (index + 1) * HOUR).toISOString(),
    response_deadline: new Date(now.getTime() + 10 * DAY).toISOString(),
    ...overrides,
  };
}

function specialRecords(now: Date): Record<SpecialName, GovernmentOpportunityRecord> {
  const tie = new Date(now.getTime() - 3 * HOUR).toISOString();
  return {
    newest: special(1, now, { posted_date: new Date(now.getTime() - 60_000).toISOString() }),
    tieFirst: special(2, now, { posted_date: tie }),
    tieSecond: special(3, now, { posted_date: tie }),
    keywordTitle: special(4, now, { title: 'Quasarwave Chiller Overhaul - San Juan Federal Building' }),
    keywordDescription: special(5, now, {
      description_cached: 'Replacement of the Flumblestone boilers in building 7, with commissioning.',
    }),
    solicitation: special(6, now, {
      solicitation_number: 'ZQX-26-Q-0042',
      naics_code: '999999',
      naics_display: 'Fixture Only Industry',
      product_service_code: 'ZZ99',
    }),
    nullDeadline: special(7, now, { response_deadline: null, type: 'Special Notice', is_actionable: false }),
    relativeLinks: special(8, now, {
      additional_info_link: '/info/fixture',
      resource_links: [
        { url: '/files/fixture.pdf', label: 'Fixture.pdf', updated_at: null, kind: 'file', resource_id: 'r1' },
      ],
    }),
    staticSlug: special(9, now, { slug: 'filter-options' }),
    noPostedDate: special(10, now, { posted_date: null }),
    expired: special(11, now, { response_deadline: new Date(now.getTime() - DAY).toISOString() }),
    archived: special(12, now, { status: 'archived' }),
    cancelled: special(13, now, { status: 'cancelled', response_deadline: null }),
  };
}

let loading: Promise<GovernmentFixture> | undefined;

/**
 * The government tables, emptied and filled once per test run: generated rows 0..GENERATED-1
 * through the seed area (and so government.insertOpportunities), plus the hand-made rows. Other areas never touch these tables;
 * a second run on the same database starts from scratch the same way.
 */
export function governmentFixture(): Promise<GovernmentFixture> {
  loading ??= (async () => {
    await knex().raw('delete from government_opportunities');
    await knex().raw('delete from government_classification_codes');
    await governmentSeedArea!.seed(governmentCaller(), 0, GENERATED, () => {});
    const now = new Date();
    const records = specialRecords(now);
    // One by one, in this order: ids increase, which decides the tie between tieFirst and tieSecond.
    for (const record of Object.values(records)) await insertRecords([record]);
    // Fresh planner statistics (a rerun on the same server deleted many rows just now); also runs the procedure once.
    await governmentCaller().government.refreshStatistics();
    const activePr: SpecialName[] = [
      'newest',
      'tieSecond',
      'tieFirst',
      'keywordTitle',
      'keywordDescription',
      'solicitation',
      'nullDeadline',
      'relativeLinks',
      'staticSlug',
      'noPostedDate',
    ];
    return { now, special: records, activePr };
  })();
  return loading;
}

/** What the database holds, read independently of the code under test. */
export interface OracleRow {
  id: number;
  notice_id: string;
  slug: string;
  status: string;
  posted_date: string | null;
  response_deadline: string | null;
  updated_at: string;
  place_state: string | null;
  naics_code: string | null;
  naics_display: string | null;
  product_service_code: string | null;
  category: string | null;
  set_aside: string | null;
  set_aside_code: string | null;
}

export async function oracleRows(): Promise<OracleRow[]> {
  const result = (await knex()
    .raw(`select id, notice_id, slug, status, place_state, naics_code, naics_display, product_service_code,
      category, set_aside, set_aside_code,
      posted_date, response_deadline, updated_at
    from government_opportunities`)) as { rows: Array<Record<string, unknown>> };
  const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
  return result.rows.map((row) => ({
    ...(row as unknown as OracleRow),
    posted_date: iso(row.posted_date),
    response_deadline: iso(row.response_deadline),
    updated_at: iso(row.updated_at)!,
  }));
}

/** Active rows in list order: newest posted first (no date last), then higher id first. */
export function activeInOrder(rows: OracleRow[], now = new Date()): OracleRow[] {
  return rows
    .filter(
      (row) => row.status === 'active' && (row.response_deadline === null || row.response_deadline > now.toISOString()),
    )
    .sort((a, b) => {
      if (a.posted_date !== b.posted_date) {
        if (a.posted_date === null) return 1;
        if (b.posted_date === null) return -1;
        return a.posted_date < b.posted_date ? 1 : -1;
      }
      return b.id - a.id;
    });
}
