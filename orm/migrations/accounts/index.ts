import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261124000000_accounts } from './Migration20261124000000_accounts.ts';
import { Migration20261128000200_api_token_expiry } from './Migration20261128000200_api_token_expiry.ts';

export const accountsMigrations: MigrationObject[] = [
  { name: 'Migration20261124000000_accounts', class: Migration20261124000000_accounts },
  { name: 'Migration20261128000200_api_token_expiry', class: Migration20261128000200_api_token_expiry },
];
