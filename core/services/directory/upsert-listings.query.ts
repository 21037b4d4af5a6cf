import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../sql/query.ts';
import { inTransaction } from '../sql/transaction.ts';
import { slugCandidates, baseSlug } from './listing-slug.ts';
import type { ListingUpsert, UpsertCounts } from './upsert-listings.ts';

/** The batch's rows, typed as the listing's columns (so comparisons are column to column). */
const IMPORT_TYPES: Record<string, string> = {
  external_id: 'varchar(200)',
  name: 'varchar(200)',
  industry_key: 'varchar(100)',
  industry_label: 'varchar(200)',
  metro_key: 'varchar(100)',
  metro_label: 'varchar(200)',
  services: 'text[]',
  status: 'varchar(20)',
  phone: 'varchar(50)',
  website_url: 'varchar(500)',
  address: 'varchar(300)',
  postal_code: 'varchar(20)',
  city: 'varchar(100)',
  state: 'varchar(50)',
  latitude: 'double precision',
  longitude: 'double precision',
  rating: 'numeric(2,1)',
  review_count: 'integer',
  short_description: 'varchar(500)',
  description: 'text',
  photos: 'json',
};
const IMPORT_COLUMNS = Object.keys(IMPORT_TYPES);
const IMPORT_FIELDS = Object.entries(IMPORT_TYPES)
  .map(([column, type]) => `${column} ${type}`)
  .join(', ');
/** What the operator's file owns whatever the claim: every column but the business-owned ones. */
const OPERATOR_COLUMNS = IMPORT_COLUMNS.filter(
  (column) => !['external_id', 'services', 'short_description', 'description', 'photos'].includes(column),
);
/** What the business owns once its claim is approved (with the photos): an import keeps them. */
const BUSINESS_COLUMNS = ['services', 'short_description', 'description'];
const PHOTO_RECORD = 'p(kind varchar, url varchar, sort_order integer)';
/** The batch's listings that exist and are not claimed: the ones whose photos the file decides. */
const UNCLAIMED_TARGETS = `directory_import i
  join directory_listings l on l.external_id = i.external_id and l.claim_status <> 'claimed'`;
/** Rounds of "insert what is new" before giving up: each one only repeats after a concurrent import took a key. */
const INSERT_ROUNDS = 5;

const json = (value: unknown) => JSON.stringify(value);

/** The external ids of `ids` that name a listing now. */
async function existingIds(tx: EntityManager, ids: string[]): Promise<Set<string>> {
  const rows = await runQuery<{ external_id: string }>(tx, {
    sql: `select external_id from directory_listings where external_id in (select json_array_elements_text(?::json))`,
    params: [json(ids)],
  });
  return new Set(rows.map((row) => row.external_id));
}

/** The slugs of `slugs` that listings have. */
async function takenSlugs(tx: EntityManager, slugs: string[]): Promise<Set<string>> {
  const rows = await runQuery<{ slug: string }>(tx, {
    sql: `select slug from directory_listings where slug in (select json_array_elements_text(?::json))`,
    params: [json(slugs)],
  });
  return new Set(rows.map((row) => row.slug));
}

/**
 * A slug for each new row: the first of its candidates no listing has and no earlier row of the
 * batch took. Only the base slugs are looked up at first; the numbered ones only for the rows
 * whose base is taken. A candidate taken between this read and the insert makes the insert skip
 * the row, and the next round picks again.
 */
async function chooseSlugs(tx: EntityManager, rows: ListingUpsert[]): Promise<{ external_id: string; slug: string }[]> {
  const candidates = rows.map((row) => slugCandidates(baseSlug(row.name, row.city), row.external_id));
  const taken = await takenSlugs(
    tx,
    candidates.map((list) => list[0]!),
  );
  const bases = new Set<string>();
  const crowded = candidates.filter((list) => {
    const busy = taken.has(list[0]!) || bases.has(list[0]!);
    bases.add(list[0]!);
    return busy;
  });
  if (crowded.length > 0) for (const slug of await takenSlugs(tx, crowded.flat())) taken.add(slug);
  return rows.map((row, index) => {
    const slug = candidates[index]!.find((candidate) => !taken.has(candidate)) ?? candidates[index]!.at(-1)!;
    taken.add(slug);
    return { external_id: row.external_id, slug };
  });
}

/** Inserts the new rows (unclaimed, under their chosen slugs) with their photos; answers the external ids inserted. */
async function insertNew(tx: EntityManager, chosen: { external_id: string; slug: string }[]): Promise<string[]> {
  const columns = IMPORT_COLUMNS.filter((column) => column !== 'photos');
  const rows = await runQuery<{ external_id: string }>(tx, {
    sql: `with chosen as (
  select * from json_to_recordset(?::json) as c(external_id varchar, slug varchar)
), inserted as (
  insert into directory_listings (slug, claim_status, ${columns.join(', ')})
  select c.slug, 'unclaimed', ${columns.map((column) => `i.${column}`).join(', ')}
  from chosen c join directory_import i on i.external_id = c.external_id
  on conflict do nothing
  returning id, external_id
), photos as (
  insert into directory_listing_photos (listing_id, kind, public_id, url, sort_order)
  select n.id, p.kind, gen_random_uuid(), p.url, p.sort_order
  from inserted n join directory_import i on i.external_id = n.external_id
  cross join lateral json_to_recordset(i.photos) as ${PHOTO_RECORD}
  returning 1
)
select external_id from inserted`,
    params: [json(chosen)],
  });
  return rows.map((row) => row.external_id);
}

/**
 * Updates the existing listings whose row differs from them; a claimed listing keeps its
 * services and descriptions (and is compared without them). Answers the ids updated.
 */
async function updateExisting(tx: EntityManager): Promise<number[]> {
  const operatorChanged = `(${OPERATOR_COLUMNS.map((column) => `l.${column}`).join(', ')})
    is distinct from (${OPERATOR_COLUMNS.map((column) => `i.${column}`).join(', ')})`;
  const businessChanged = `(${BUSINESS_COLUMNS.map((column) => `l.${column}`).join(', ')})
    is distinct from (${BUSINESS_COLUMNS.map((column) => `i.${column}`).join(', ')})`;
  const rows = await runQuery<{ id: number }>(tx, {
    sql: `update directory_listings l set
  ${OPERATOR_COLUMNS.map((column) => `${column} = i.${column}`).join(', ')},
  ${BUSINESS_COLUMNS.map((column) => `${column} = case when l.claim_status = 'claimed' then l.${column} else i.${column} end`).join(', ')},
  updated_at = now()
from directory_import i
where l.external_id = i.external_id
  and (${operatorChanged} or (l.claim_status <> 'claimed' and ${businessChanged}))
returning l.id`,
    params: [],
  });
  return rows.map((row) => row.id);
}

/**
 * Makes the photos of the batch's unclaimed listings the file's: removed URLs deleted, kept ones
 * re-ordered (their public ids stay), new ones added; in that order, so a new logo never meets
 * the old one. Answers the ids of the listings whose photos changed.
 */
async function replacePhotos(tx: EntityManager): Promise<number[]> {
  const wanted = `select 1 from json_to_recordset(i.photos) as ${PHOTO_RECORD} where p.kind = ph.kind and p.url = ph.url`;
  const statements = [
    `delete from directory_listing_photos ph using ${UNCLAIMED_TARGETS}
where ph.listing_id = l.id and not exists (${wanted})
returning ph.listing_id`,
    `update directory_listing_photos ph set sort_order = p.sort_order
from ${UNCLAIMED_TARGETS} cross join lateral json_to_recordset(i.photos) as ${PHOTO_RECORD}
where ph.listing_id = l.id and ph.kind = p.kind and ph.url = p.url and ph.sort_order <> p.sort_order
returning ph.listing_id`,
    `insert into directory_listing_photos (listing_id, kind, public_id, url, sort_order)
select l.id, p.kind, gen_random_uuid(), p.url, p.sort_order
from ${UNCLAIMED_TARGETS} cross join lateral json_to_recordset(i.photos) as ${PHOTO_RECORD}
where not exists (select 1 from directory_listing_photos ph where ph.listing_id = l.id and ph.kind = p.kind and ph.url = p.url)
returning listing_id`,
  ];
  const changed = new Set<number>();
  for (const sql of statements) {
    for (const row of await runQuery<{ listing_id: number }>(tx, { sql, params: [] })) changed.add(row.listing_id);
  }
  return [...changed];
}

/** Thrown to roll a dry run back once it has counted. */
class DryRunRollback extends Error {
  constructor(readonly counts: UpsertCounts) {
    super('dry run');
  }
}

/**
 * Upserts one batch by external id in one transaction: the rows land in a temporary table, new
 * ones are inserted (reserving their slugs through the unique indexes: a row a concurrent import
 * inserted first is updated instead), existing ones updated where they differ, photos made the
 * file's for unclaimed listings; a listing's updated_at moves only when something of it changed.
 * `dryRun`: the same work, counted, then rolled back. External ids must be unique in `rows`.
 */
export async function upsertDirectoryListings(
  em: EntityManager,
  rows: ListingUpsert[],
  options: { dryRun: boolean },
): Promise<UpsertCounts> {
  try {
    return await inTransaction(em, async (tx) => {
      await runQuery(tx, { sql: `create temp table directory_import (${IMPORT_FIELDS}) on commit drop`, params: [] });
      await runQuery(tx, {
        sql: `insert into directory_import (${IMPORT_COLUMNS.join(', ')})
select ${IMPORT_COLUMNS.join(', ')} from json_to_recordset(?::json) as x(${IMPORT_FIELDS})`,
        params: [json(rows.map(({ line: _line, ...row }) => row))],
      });
      // A temporary table has no statistics until analysed: without them the joins below guess.
      await runQuery(tx, { sql: 'analyze directory_import', params: [] });
      const existing = await existingIds(
        tx,
        rows.map((row) => row.external_id),
      );
      let pending = rows.filter((row) => !existing.has(row.external_id));
      const inserted = new Set<string>();
      for (let round = 0; pending.length > 0; round += 1) {
        if (round === INSERT_ROUNDS)
          throw new Error('directory import: new listings kept colliding with a concurrent import');
        for (const id of await insertNew(tx, await chooseSlugs(tx, pending))) inserted.add(id);
        const left = pending.filter((row) => !inserted.has(row.external_id));
        // Inserted meanwhile by another import: an update now. Otherwise a slug was taken: choose again.
        const arrived = await existingIds(
          tx,
          left.map((row) => row.external_id),
        );
        for (const id of arrived) existing.add(id);
        pending = left.filter((row) => !arrived.has(row.external_id));
      }
      const changed =
        existing.size === 0
          ? new Set<number>()
          : new Set([...(await updateExisting(tx)), ...(await replacePhotos(tx))]);
      await runQuery(tx, {
        sql: `update directory_listings set updated_at = now()
where id in (select json_array_elements_text(?::json)::int) and updated_at <> now()`,
        params: [json([...changed])],
      });
      // Rows just inserted compare equal to themselves: whatever changed existed before the batch.
      const counts = { inserted: inserted.size, updated: changed.size, unchanged: existing.size - changed.size };
      if (options.dryRun) throw new DryRunRollback(counts);
      return counts;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.counts;
    throw error;
  }
}
