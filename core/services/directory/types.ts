import type { SiteUrls } from '../../context.ts';

/** Slugs are lower-case words joined by hyphens; anything else cannot name a listing. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const directorySorts = ['rating_desc', 'rating_asc', 'reviews_desc', 'name_asc'] as const;
export type DirectorySort = (typeof directorySorts)[number];

export type ClaimStatus = 'unclaimed' | 'claim_pending' | 'claimed';
export type ListingStatus = 'published' | 'draft' | 'hidden';
export type PhotoKind = 'photo' | 'logo';

/** Spec 2.7 DirectoryListingPhoto, as the public API returns it. */
export interface DirectoryListingPhoto {
  id: number;
  kind: PhotoKind;
  public_id: string;
  url: string;
  sort_order: number;
  alt_text: string | null;
  mime_type: string | null;
  byte_size?: number;
  original_filename: string | null;
}

/** Spec 2.6 DirectoryListingPublic. The optional fields are always present (null when unknown). */
export interface DirectoryListingPublic {
  id: number;
  slug: string;
  name: string;
  industry_key: string;
  industry_label: string;
  metro_key: string;
  review_count: number;
  services: string[];
  claim_status: ClaimStatus;
  is_claimed: boolean;
  logo_url: string | null;
  photos: DirectoryListingPhoto[];
  phone: string | null;
  website_url: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number | null;
  short_description: string | null;
  maps_url: string | null;
}

/** The filters and paging of GET /v1/directory/public, after validation. */
export interface DirectoryListQuery {
  /** `zip` / `postal_code` (one value: the input schema rejects two different ones). */
  postal_code?: string;
  industry?: string;
  metro?: string;
  q?: string;
  min_rating?: number;
  min_reviews?: number;
  /** Absent: relevance when `q` is given, otherwise rating_desc. */
  sort?: DirectorySort;
  page: number;
  per_page: number;
}

export type { SiteUrls };
