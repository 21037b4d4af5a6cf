import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlQuery } from '../sql/query.ts';
import type { ListingSeed } from './insert-listings.ts';

const LISTING_FIELDS = `slug varchar, external_id varchar, name varchar, industry_key varchar, industry_label varchar, metro_key varchar,
  metro_label varchar, services text[], claim_status varchar, status varchar, phone varchar, website_url varchar,
  address varchar, postal_code varchar, city varchar, state varchar, latitude double precision,
  longitude double precision, rating numeric, review_count integer, short_description varchar, description text, photos json`;
const LISTING_COLUMNS = `slug, external_id, name, industry_key, industry_label, metro_key, metro_label, services, claim_status, status,
  phone, website_url, address, postal_code, city, state, latitude, longitude, rating, review_count, short_description, description`;
const PHOTO_FIELDS = `kind varchar, public_id uuid, url varchar, alt_text varchar, mime_type varchar, byte_size integer,
  original_filename varchar, sort_order integer`;
const PHOTO_COLUMNS = 'kind, public_id, url, alt_text, mime_type, byte_size, original_filename, sort_order';

/**
 * Inserts a batch of listings with their photos in ONE statement: the batch travels as a single
 * JSON parameter (no bind-parameter limit, one round trip), listings are inserted first and their
 * new ids joined back by slug for the photos. A slug or an external id that already exists is
 * skipped with its photos, so re-running a batch is harmless. Returns how many listings and photos were inserted.
 */
function buildInsertListingsQuery(listings: readonly ListingSeed[]): SqlQuery {
  const sql = `with input as (
  select * from json_to_recordset(?::json) as x(${LISTING_FIELDS})
), inserted as (
  insert into directory_listings (${LISTING_COLUMNS})
  select ${LISTING_COLUMNS} from input
  on conflict do nothing
  returning id, slug
), photos as (
  insert into directory_listing_photos (listing_id, ${PHOTO_COLUMNS})
  select inserted.id, ${PHOTO_COLUMNS.split(', ')
    .map((column) => `p.${column}`)
    .join(', ')}
  from inserted
  join input on input.slug = inserted.slug
  cross join lateral json_to_recordset(input.photos) as p(${PHOTO_FIELDS})
  returning 1
)
select (select count(*)::int from inserted) as listings, (select count(*)::int from photos) as photos`;
  return { sql, params: [JSON.stringify(listings)] };
}

/**
 * Stores listings with their photos (buildInsertListingsQuery's statement) and answers how many of
 * each were inserted. The statement runs with a real bind parameter, not through
 * em.getConnection().execute(): that inlines parameters into the SQL text, and escaping a
 * multi-megabyte JSON literal costs more than the insert itself.
 */
export async function insertDirectoryListings(
  em: EntityManager,
  listings: readonly ListingSeed[],
): Promise<{ listings: number; photos: number }> {
  const { sql, params } = buildInsertListingsQuery(listings);
  const result = (await em
    .getConnection()
    .getKnex()
    .raw(sql, params as string[])) as { rows: { listings: number; photos: number }[] };
  const row = result.rows[0];
  return { listings: row?.listings ?? 0, photos: row?.photos ?? 0 };
}
