import { router } from '../../trpc.ts';
import { approveClaim } from './approve-claim.ts';
import { directoryClaimsRouter } from './claims/router.ts';
import { countListings } from './count-listings.ts';
import { deleteListings } from './delete-listings.ts';
import { getFilterOptions } from './get-filter-options.ts';
import { getListing } from './get-listing.ts';
import { insertListings } from './insert-listings.ts';
import { listListings } from './list-listings.ts';
import { listPendingClaims } from './list-pending-claims.ts';
import { rejectClaim } from './reject-claim.ts';
import { revokeClaim } from './revoke-claim.ts';
import { upsertListings } from './upsert-listings.ts';

/**
 * The REST adapter takes the first procedure whose path matches, in this order: getFilterOptions
 * (/public/filter-options) must come before getListing (/public/{slug}), which would capture it.
 */
export const directoryRouter = router({
  listListings,
  getFilterOptions,
  getListing,
  // System-only (no REST mapping): seeding and administration.
  insertListings,
  deleteListings,
  countListings,
  upsertListings,
  // Claims: the business's own (workspace API tokens; also on /api/trpc), then the operator's review (system-only).
  claims: directoryClaimsRouter,
  listPendingClaims,
  approveClaim,
  rejectClaim,
  revokeClaim,
});
