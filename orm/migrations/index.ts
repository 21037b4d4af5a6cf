import type { MigrationObject } from '@mikro-orm/core';
import { accountsMigrations } from './accounts/index.ts';
import { agentMigrations } from './agent/index.ts';
import { blogMigrations } from './blog/index.ts';
import { directoryMigrations } from './directory/index.ts';
import { fieldServiceMigrations } from './field-service/index.ts';
import { governmentMigrations } from './government/index.ts';
import { oauthMigrations } from './oauth/index.ts';
import { ucpMigrations } from './ucp/index.ts';
import { paymentsMigrations } from './payments/index.ts';
import { webhooksMigrations } from './webhooks/index.ts';
import { Migration20261122000000_extensions } from './Migration20261122000000_extensions.ts';
import { Migration20261122000100_rate_limits } from './Migration20261122000100_rate_limits.ts';
import { Migration20261127000000_rate_limits_unlogged } from './Migration20261127000000_rate_limits_unlogged.ts';
import { Migration20270123000000_public_content_changes } from './Migration20270123000000_public_content_changes.ts';

const platformMigrations: MigrationObject[] = [
  { name: 'Migration20261122000000_extensions', class: Migration20261122000000_extensions },
  { name: 'Migration20261122000100_rate_limits', class: Migration20261122000100_rate_limits },
  { name: 'Migration20261127000000_rate_limits_unlogged', class: Migration20261127000000_rate_limits_unlogged },
  { name: 'Migration20270123000000_public_content_changes', class: Migration20270123000000_public_content_changes },
];

/**
 * Every migration, ordered by name (names start with a UTC timestamp). Listed explicitly, not
 * globbed, so they load the same way under tsx, in tests and in scripts. Each area keeps its own
 * list in its folder; add a new migration there when you create its file.
 */
export const migrationsList: MigrationObject[] = [
  ...platformMigrations,
  ...blogMigrations,
  ...governmentMigrations,
  ...directoryMigrations,
  ...accountsMigrations,
  ...fieldServiceMigrations,
  ...oauthMigrations,
  ...agentMigrations,
  ...ucpMigrations,
  ...paymentsMigrations,
  ...webhooksMigrations,
].sort((a, b) => a.name.localeCompare(b.name));
