import type { ClaimStatus, ListingStatus, PhotoKind } from './types.ts';

/** A photo to store with a new listing. `url`: absolute, or a path on {site_url} starting with "/". */
export interface PhotoSeed {
  kind: PhotoKind;
  public_id: string;
  url: string;
  alt_text: string | null;
  mime_type: string | null;
  byte_size: number | null;
  original_filename: string | null;
  sort_order: number;
}

/** A listing to store, in the columns' own names (the demo generator and administrative scripts produce these). */
export interface ListingSeed {
  slug: string;
  /** The import's stable id; absent or null for listings not imported. */
  external_id?: string | null;
  name: string;
  industry_key: string;
  industry_label: string;
  metro_key: string;
  metro_label: string;
  services: string[];
  claim_status: ClaimStatus;
  status: ListingStatus;
  phone: string | null;
  website_url: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number | null;
  review_count: number;
  short_description: string | null;
  description: string | null;
  photos: PhotoSeed[];
}
