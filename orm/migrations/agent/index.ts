import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261129000000_idempotency_keys } from './Migration20261129000000_idempotency_keys.ts';

export const agentMigrations: MigrationObject[] = [
  { name: 'Migration20261129000000_idempotency_keys', class: Migration20261129000000_idempotency_keys },
];
