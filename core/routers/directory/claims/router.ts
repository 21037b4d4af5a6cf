import { router } from '../../../trpc.ts';
import { getClaim } from './get-claim.ts';
import { listClaimedListings } from './list-claimed-listings.ts';
import { listClaims } from './list-claims.ts';
import { requestClaim } from './request-claim.ts';
import { updateClaimedListing } from './update-claimed-listing.ts';
import { withdrawClaim } from './withdraw-claim.ts';

/**
 * Directory claims of the token's business (REST under /v1/directory/claims and
 * /v1/directory/claimed-listings, and /api/trpc as `directory.claims.*`): reads with workspace:read,
 * writes with workspace:write. Another business's claim or listing answers like an unknown one.
 */
export const directoryClaimsRouter = router({
  requestClaim,
  listClaims,
  getClaim,
  withdrawClaim,
  listClaimedListings,
  updateClaimedListing,
});
