import { LISTING_COLUMNS, PUBLISHED, photosJson } from './listing-columns.query.ts';
import { toDirectoryListingPublic, type DirectoryListingRow } from './listing-row.ts';
import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';
import type { DirectoryListingPublic, SiteUrls } from './types.ts';

/**
 * GET /v1/directory/public/{slug}: one published listing by its unique slug, photos included.
 * `now` is unused (kept for the builders' uniform signature).
 */
export function buildGetDirectoryListingQuery(slug: string, now?: Date): SqlQuery {
  void now;
  return { sql: DETAIL_SQL, params: [slug] };
}

// Built once: one string object lets runQuery's cache of numbered texts find it without hashing a new copy per request.
const DETAIL_SQL = `select ${LISTING_COLUMNS}, ${photosJson('l')} from directory_listings l where l.slug = ? and ${PUBLISHED}`;

/** The rows of buildGetDirectoryListingQuery -> the listing, or null when there is none. */
export function toDirectoryListingDetail(rows: DirectoryListingRow[], urls: SiteUrls): DirectoryListingPublic | null {
  const row = rows[0];
  return row ? toDirectoryListingPublic(row, urls) : null;
}

/** Runs buildGetDirectoryListingQuery: the published listing with this slug, or null when there is none. */
export async function findPublishedDirectoryListing(
  source: SqlSource,
  slug: string,
  now: Date,
  urls: SiteUrls,
): Promise<DirectoryListingPublic | null> {
  return toDirectoryListingDetail(
    await runQuery<DirectoryListingRow>(source, buildGetDirectoryListingQuery(slug, now)),
    urls,
  );
}
