import type { DirectoryListingPhoto, DirectoryListingPublic, PhotoKind, SiteUrls } from './types.ts';

/** A photo as photosJson() aggregates it. */
interface DirectoryPhotoRow {
  id: number;
  kind: PhotoKind;
  public_id: string;
  url: string;
  alt_text: string | null;
  mime_type: string | null;
  byte_size: number | null;
  original_filename: string | null;
  sort_order: number;
}

/**
 * A row of LISTING_COLUMNS + photosJson(), as the pg driver returns it: the public fields that are
 * stored, before is_claimed, logo_url and maps_url are derived and the photos mapped.
 */
export type DirectoryListingRow = Omit<DirectoryListingPublic, 'is_claimed' | 'logo_url' | 'maps_url' | 'photos'> & {
  photos: DirectoryPhotoRow[];
};

const MAPS_SEARCH = 'https://www.google.com/maps/search/?api=1&query=';

/**
 * A link to a map page: by coordinates when known (exact), else by the postal address, else null.
 */
function directoryMapsUrl(
  row: Pick<DirectoryListingRow, 'latitude' | 'longitude' | 'address' | 'city' | 'state' | 'postal_code'>,
): string | null {
  if (row.latitude !== null && row.longitude !== null) return `${MAPS_SEARCH}${row.latitude},${row.longitude}`;
  const parts = [row.address, row.city, row.state, row.postal_code].filter(
    (part): part is string => !!part && part.trim() !== '',
  );
  if (parts.length === 0) return null;
  return MAPS_SEARCH + encodeURIComponent(parts.join(', '));
}

/** Stored photo URLs are absolute (a CDN) or a path on the site; the API always answers absolute ones. */
function absoluteUrl(url: string, urls: SiteUrls): string {
  return url.startsWith('/') ? `${urls.site}${url}` : url;
}

function toPhoto(row: DirectoryPhotoRow, urls: SiteUrls): DirectoryListingPhoto {
  const photo: DirectoryListingPhoto = {
    id: row.id,
    kind: row.kind,
    public_id: row.public_id,
    url: absoluteUrl(row.url, urls),
    sort_order: row.sort_order,
    alt_text: row.alt_text,
    mime_type: row.mime_type,
    original_filename: row.original_filename,
  };
  // Spec 2.7: byte_size is optional but not nullable, so an unknown size is left out.
  if (row.byte_size !== null) photo.byte_size = row.byte_size;
  return photo;
}

/**
 * Row -> DirectoryListingPublic (spec 2.6). `photos` holds the logo too (kind `logo`), in
 * sort_order; `logo_url` repeats the logo's URL. `is_claimed` is true exactly for `claimed`.
 */
export function toDirectoryListingPublic(row: DirectoryListingRow, urls: SiteUrls): DirectoryListingPublic {
  const photos = row.photos.map((photo) => toPhoto(photo, urls));
  const logo = photos.find((photo) => photo.kind === 'logo');
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    industry_key: row.industry_key,
    industry_label: row.industry_label,
    metro_key: row.metro_key,
    review_count: row.review_count,
    services: row.services,
    claim_status: row.claim_status,
    is_claimed: row.claim_status === 'claimed',
    logo_url: logo ? logo.url : null,
    photos,
    phone: row.phone,
    website_url: row.website_url,
    address: row.address,
    postal_code: row.postal_code,
    city: row.city,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    rating: row.rating,
    short_description: row.short_description,
    maps_url: directoryMapsUrl(row),
  };
}
