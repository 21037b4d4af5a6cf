import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261124000000_accounts } from './Migration20261124000000_accounts.ts';

export const accountsMigrations: MigrationObject[] = [
  { name: 'Migration20261124000000_accounts', class: Migration20261124000000_accounts },
];
