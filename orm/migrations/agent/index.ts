import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261129000000_idempotency_keys } from './Migration20261129000000_idempotency_keys.ts';
import { Migration20261129000100_agent_tasks } from './Migration20261129000100_agent_tasks.ts';
import { Migration20261204000000_agent_answer_compression } from './Migration20261204000000_agent_answer_compression.ts';
import { Migration20261220000200_idempotency_key_owner } from './Migration20261220000200_idempotency_key_owner.ts';
import { Migration20261229000000_agent_task_owners } from './Migration20261229000000_agent_task_owners.ts';
import { Migration20261229000300_agent_task_events } from './Migration20261229000300_agent_task_events.ts';
import { Migration20261229000400_a2a_push_configs } from './Migration20261229000400_a2a_push_configs.ts';
import { Migration20261229000500_a2a_card_signatures } from './Migration20261229000500_a2a_card_signatures.ts';

export const agentMigrations: MigrationObject[] = [
  { name: 'Migration20261129000000_idempotency_keys', class: Migration20261129000000_idempotency_keys },
  { name: 'Migration20261129000100_agent_tasks', class: Migration20261129000100_agent_tasks },
  { name: 'Migration20261204000000_agent_answer_compression', class: Migration20261204000000_agent_answer_compression },
  { name: 'Migration20261220000200_idempotency_key_owner', class: Migration20261220000200_idempotency_key_owner },
  { name: 'Migration20261229000000_agent_task_owners', class: Migration20261229000000_agent_task_owners },
  { name: 'Migration20261229000300_agent_task_events', class: Migration20261229000300_agent_task_events },
  { name: 'Migration20261229000400_a2a_push_configs', class: Migration20261229000400_a2a_push_configs },
  { name: 'Migration20261229000500_a2a_card_signatures', class: Migration20261229000500_a2a_card_signatures },
];
