import { router } from '../../trpc.ts';
import { addMember } from './add-member.ts';
import { createApiToken } from './create-api-token.ts';
import { createBusiness } from './create-business.ts';
import { createUser } from './create-user.ts';
import { listApiTokens } from './list-api-tokens.ts';
import { listBusinesses } from './list-businesses.ts';
import { resetUserPassword } from './reset-user-password.ts';
import { revokeApiToken } from './revoke-api-token.ts';
import { verifyUserPassword } from './verify-user-password.ts';

/** System-only (scripts, and later the OAuth login in process): users, businesses, memberships, API tokens. */
export const accountsRouter = router({
  createUser,
  createBusiness,
  addMember,
  createApiToken,
  revokeApiToken,
  listApiTokens,
  listBusinesses,
  verifyUserPassword,
  resetUserPassword,
});
