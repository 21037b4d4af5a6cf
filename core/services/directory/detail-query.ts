import { LISTING_COLUMNS, PUBLISHED, photosJson } from './listing-sql.ts';
import { toDirectoryListingPublic, type DirectoryListingRow } from './listing-row.ts';
import type { SqlQuery } from './list-query.ts';
import type { DirectoryListingPublic, SiteUrls } from './types.ts';

/** Slugs are lower-case words joined by hyphens; anything else cannot name a listing. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

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
