import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261202000000_webhooks } from './Migration20261202000000_webhooks.ts';
import { Migration20261203000000_outbox_notifications } from './Migration20261203000000_outbox_notifications.ts';
import { Migration20261220000100_pending_business_index } from './Migration20261220000100_pending_business_index.ts';
import { Migration20261231000000_outbox_feed_order } from './Migration20261231000000_outbox_feed_order.ts';
import { Migration20270101000000_signature_schemes } from './Migration20270101000000_signature_schemes.ts';
import { Migration20270102000000_delivery_log_and_recovery } from './Migration20270102000000_delivery_log_and_recovery.ts';
import { Migration20270103000000_operational_events_and_rate } from './Migration20270103000000_operational_events_and_rate.ts';
import { Migration20270104000000_event_feed } from './Migration20270104000000_event_feed.ts';
import { Migration20270104000100_outbox_notify_business } from './Migration20270104000100_outbox_notify_business.ts';

export const webhooksMigrations: MigrationObject[] = [
  { name: 'Migration20261202000000_webhooks', class: Migration20261202000000_webhooks },
  { name: 'Migration20261203000000_outbox_notifications', class: Migration20261203000000_outbox_notifications },
  { name: 'Migration20261220000100_pending_business_index', class: Migration20261220000100_pending_business_index },
  { name: 'Migration20261231000000_outbox_feed_order', class: Migration20261231000000_outbox_feed_order },
  { name: 'Migration20270101000000_signature_schemes', class: Migration20270101000000_signature_schemes },
  {
    name: 'Migration20270102000000_delivery_log_and_recovery',
    class: Migration20270102000000_delivery_log_and_recovery,
  },
  {
    name: 'Migration20270103000000_operational_events_and_rate',
    class: Migration20270103000000_operational_events_and_rate,
  },
  { name: 'Migration20270104000000_event_feed', class: Migration20270104000000_event_feed },
  { name: 'Migration20270104000100_outbox_notify_business', class: Migration20270104000100_outbox_notify_business },
];
