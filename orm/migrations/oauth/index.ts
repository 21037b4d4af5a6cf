import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261125000000_oauth } from './Migration20261125000000_oauth.ts';
import { Migration20261126000000_oauth_browser_sessions } from './Migration20261126000000_oauth_browser_sessions.ts';
import { Migration20261128000000_oauth_state_notifications } from './Migration20261128000000_oauth_state_notifications.ts';
import { Migration20261210000000_oauth_client_documents } from './Migration20261210000000_oauth_client_documents.ts';

export const oauthMigrations: MigrationObject[] = [
  { name: 'Migration20261125000000_oauth', class: Migration20261125000000_oauth },
  { name: 'Migration20261126000000_oauth_browser_sessions', class: Migration20261126000000_oauth_browser_sessions },
  {
    name: 'Migration20261128000000_oauth_state_notifications',
    class: Migration20261128000000_oauth_state_notifications,
  },
  { name: 'Migration20261210000000_oauth_client_documents', class: Migration20261210000000_oauth_client_documents },
];
