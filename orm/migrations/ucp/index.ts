import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261201000000_ucp_checkout_sessions } from './Migration20261201000000_ucp_checkout_sessions.ts';
import { Migration20261230000200_ucp_checkout_cancel } from './Migration20261230000200_ucp_checkout_cancel.ts';

export const ucpMigrations: MigrationObject[] = [
  { name: 'Migration20261201000000_ucp_checkout_sessions', class: Migration20261201000000_ucp_checkout_sessions },
  { name: 'Migration20261230000200_ucp_checkout_cancel', class: Migration20261230000200_ucp_checkout_cancel },
];
