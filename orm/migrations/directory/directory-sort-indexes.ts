// The migrations' record of these indexes (Migration20270125000000, 20270126000100, 20270126000200
// build them from it): applied migrations must not change, so a later index change is a new migration
// with its own definitions, never an edit here. orm/entities describe the current schema.
/** The published rows: every public read index is partial on them. */
export const PUBLISHED = `where status = 'published'`;
const FILTERS = 'industry_key, metro_key, postal_code';

/** Each public sort's index: name, key columns, and what it carries besides (the filters' columns). */
export const DIRECTORY_SORT_INDEXES: Array<[name: string, key: string, include: string]> = [
  ['directory_listings_rating_desc_idx', 'rating desc nulls last, review_count desc, name collate "C", id', FILTERS],
  ['directory_listings_rating_asc_idx', 'rating asc nulls last, review_count desc, name collate "C", id', FILTERS],
  ['directory_listings_reviews_desc_idx', 'review_count desc, rating desc nulls last, name collate "C", id', FILTERS],
  ['directory_listings_name_asc_idx', 'name collate "C", id', `${FILTERS}, rating, review_count`],
];
