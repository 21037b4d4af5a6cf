import { router } from '../../trpc.ts';
import { countDirectoryListings } from './count-listings.ts';
import { deleteDirectoryListings } from './delete-listings.ts';
import { getDirectoryFilterOptions } from './get-filter-options.ts';
import { getDirectoryListing } from './get-listing.ts';
import { insertListings } from './insert-listings.ts';
import { listDirectoryListings } from './list-listings.ts';

/**
 * The REST adapter takes the first procedure whose path matches, in this order: filterOptions
 * (/public/filter-options) must come before get (/public/{slug}), which would capture it.
 */
export const directoryRouter = router({
  list: listDirectoryListings,
  filterOptions: getDirectoryFilterOptions,
  get: getDirectoryListing,
  // System-only (no REST mapping): seeding and administration.
  insertListings,
  deleteListings: deleteDirectoryListings,
  count: countDirectoryListings,
});
