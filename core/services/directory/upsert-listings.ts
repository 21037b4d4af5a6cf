import type { ListingStatus, PhotoKind } from './types.ts';

/** An image of an imported listing: its URL and place (the logo first, at 0; photos from 1). */
interface ImportedPhoto {
  kind: PhotoKind;
  url: string;
  sort_order: number;
}

/** One valid row of an import file, as directory.upsertListings stores it. */
export interface ListingUpsert {
  /** Where the row starts in its file. */
  line: number;
  external_id: string;
  name: string;
  industry_key: string;
  industry_label: string;
  metro_key: string;
  metro_label: string;
  services: string[];
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
  photos: ImportedPhoto[];
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}
