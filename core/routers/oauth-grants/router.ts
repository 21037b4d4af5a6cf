import { router } from '../../trpc.ts';
import { listGrants } from './list-grants.ts';
import { revokeGrant } from './revoke-grant.ts';

/** System-only (scripts): the OAuth grants users gave clients, and their revocation. */
export const oauthGrantsRouter = router({ listGrants, revokeGrant });
