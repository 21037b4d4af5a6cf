import { defineEntity } from '@mikro-orm/core';
import { userReference } from '../accounts/references.ts';

/**
 * A signed-in browser session of the authorization endpoint's login page. The cookie holds a
 * random secret; the table keeps only its SHA-256, so a copy of the database signs nobody in.
 * Sessions end at `expiresAt`; expired rows are deleted at each sign-in (hence the index).
 * Read and written with SQL by core/services/oauth; the entity describes the table.
 */
export const OAuthBrowserSession = defineEntity({
  name: 'OAuthBrowserSession',
  tableName: 'oauth_browser_sessions',
  indexes: [
    { name: 'oauth_browser_sessions_user_idx', properties: ['userId'] },
    { name: 'oauth_browser_sessions_expires_idx', properties: ['expiresAt'] },
  ],
  properties: (p) => ({
    idHash: p.character().length(64).primary(),
    userId: userReference(),
    expiresAt: p.datetime(),
    createdAt: p.datetime().defaultRaw('now()'),
  }),
});
