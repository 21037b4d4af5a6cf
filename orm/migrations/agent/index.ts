import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261129000000_idempotency_keys } from './Migration20261129000000_idempotency_keys.ts';
import { Migration20261129000100_agent_tasks } from './Migration20261129000100_agent_tasks.ts';

export const agentMigrations: MigrationObject[] = [
  { name: 'Migration20261129000000_idempotency_keys', class: Migration20261129000000_idempotency_keys },
  { name: 'Migration20261129000100_agent_tasks', class: Migration20261129000100_agent_tasks },
];
