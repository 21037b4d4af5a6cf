import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261201000000_ucp_checkout_sessions } from './Migration20261201000000_ucp_checkout_sessions.ts';

export const ucpMigrations: MigrationObject[] = [
  { name: 'Migration20261201000000_ucp_checkout_sessions', class: Migration20261201000000_ucp_checkout_sessions },
];
