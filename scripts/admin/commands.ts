import type { AdminCommand } from './command.ts';
import { addMemberCommand } from './add-member.ts';
import { createApiTokenCommand } from './create-api-token.ts';
import { createBusinessCommand } from './create-business.ts';
import { createUserCommand } from './create-user.ts';
import { demoOwnerCommand } from './demo-owner.ts';
import { listApiTokensCommand } from './list-api-tokens.ts';
import { listBusinessesCommand } from './list-businesses.ts';
import { listOAuthGrantsCommand } from './list-oauth-grants.ts';
import { listPaymentsReceivedCommand } from './list-payments-received.ts';
import { reconcilePaymentsCommand } from './reconcile-payments.ts';
import { resetPasswordCommand } from './reset-password.ts';
import { reviewClaimsCommand } from './review-claims.ts';
import { revokeApiTokenCommand } from './revoke-api-token.ts';
import { revokeOAuthGrantCommand } from './revoke-oauth-grant.ts';
import { rotateOAuthKeyCommand } from './rotate-oauth-key.ts';
import { seedDemoBusinessCommand } from './seed-demo-business.ts';
import { storageUsageCommand } from './storage-usage.ts';
import { triggerCommand } from './trigger.ts';
import { importBlogCommand } from './import-blog.ts';
import { importDirectoryCommand } from './import-directory.ts';
import { syncGovernmentOpportunitiesCommand } from './sync-government-opportunities.ts';
import { syncStatusCommand } from './sync-status.ts';
import { importGovernmentOpportunitiesCommand } from './import-government-opportunities.ts';

/** Every `npm run admin` command, in the order the usage lists them. */
export const adminCommands: AdminCommand[] = [
  createUserCommand,
  resetPasswordCommand,
  createBusinessCommand,
  addMemberCommand,
  createApiTokenCommand,
  revokeApiTokenCommand,
  listBusinessesCommand,
  listApiTokensCommand,
  seedDemoBusinessCommand,
  demoOwnerCommand,
  rotateOAuthKeyCommand,
  listOAuthGrantsCommand,
  revokeOAuthGrantCommand,
  listPaymentsReceivedCommand,
  reconcilePaymentsCommand,
  storageUsageCommand,
  triggerCommand,
  reviewClaimsCommand,
  importBlogCommand,
  importDirectoryCommand,
  syncGovernmentOpportunitiesCommand,
  syncStatusCommand,
  importGovernmentOpportunitiesCommand,
];
