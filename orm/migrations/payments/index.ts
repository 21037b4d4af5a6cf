import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261201000000_payments_received } from './Migration20261201000000_payments_received.ts';

export const paymentsMigrations: MigrationObject[] = [
  { name: 'Migration20261201000000_payments_received', class: Migration20261201000000_payments_received },
];
