import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261125000000_oauth } from './Migration20261125000000_oauth.ts';

export const oauthMigrations: MigrationObject[] = [{ name: 'Migration20261125000000_oauth', class: Migration20261125000000_oauth }];
