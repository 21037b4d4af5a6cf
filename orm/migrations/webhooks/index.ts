import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261202000000_webhooks } from './Migration20261202000000_webhooks.ts';

export const webhooksMigrations: MigrationObject[] = [
  { name: 'Migration20261202000000_webhooks', class: Migration20261202000000_webhooks },
];
