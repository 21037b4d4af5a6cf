/**
 * SQL fragments shared by the list and detail queries: explicit columns (never `select *`: the
 * row carries no status, timestamps or search vector) and the photos aggregated in the same
 * statement, so a page is one round trip however many listings it holds.
 */

/**
 * The public columns of listing alias `l`. numeric -> float8 so the driver hands back a number;
 * text[] -> json because the driver parses an array's text form in JavaScript, character by
 * character, and JSON natively (a directory-list query in process: 477-515 -> 321-390 µs of CPU).
 */
export const LISTING_COLUMNS = `l.id, l.slug, l.name, l.industry_key, l.industry_label, l.metro_key, to_json(l.services) as services,
  l.claim_status, l.phone, l.website_url, l.address, l.postal_code, l.city, l.state, l.latitude, l.longitude,
  l.rating::float8 as rating, l.review_count, l.short_description`;

/** The listing's logo and photos as a JSON array (sort_order, id), `[]` when it has none. */
export function photosJson(listingAlias: string): string {
  return `coalesce((select json_agg(json_build_object(
      'id', ph.id, 'kind', ph.kind, 'public_id', ph.public_id, 'url', ph.url, 'alt_text', ph.alt_text,
      'mime_type', ph.mime_type, 'byte_size', ph.byte_size, 'original_filename', ph.original_filename,
      'sort_order', ph.sort_order) order by ph.sort_order, ph.id)
    from directory_listing_photos ph where ph.listing_id = ${listingAlias}.id), '[]'::json) as photos`;
}

/** Only published listings are public; every public query starts from this predicate (the partial indexes' one). */
export const PUBLISHED = `l.status = 'published'`;
