import type { ListingSeed } from './insert-listings.ts';
import type { PhotoKind } from './types.ts';

/** An image of an imported listing: its URL and place (the logo first, at 0; photos from 1). */
interface ImportedPhoto {
  kind: PhotoKind;
  url: string;
  sort_order: number;
}

/**
 * One valid row of an import file, as directory.upsertListings stores it: a new listing's fields but
 * its claim status (an import never sets one) and with its photos as URLs in their places.
 */
export interface ListingUpsert extends Omit<ListingSeed, 'slug' | 'claim_status' | 'photos'> {
  /** Where the row starts in its file. */
  line: number;
  external_id: string;
  photos: ImportedPhoto[];
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}
