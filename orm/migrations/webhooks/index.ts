import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261202000000_webhooks } from './Migration20261202000000_webhooks.ts';
import { Migration20261203000000_outbox_notifications } from './Migration20261203000000_outbox_notifications.ts';

export const webhooksMigrations: MigrationObject[] = [
  { name: 'Migration20261202000000_webhooks', class: Migration20261202000000_webhooks },
  { name: 'Migration20261203000000_outbox_notifications', class: Migration20261203000000_outbox_notifications },
];
