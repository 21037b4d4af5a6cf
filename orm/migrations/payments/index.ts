import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261201000000_payments_received } from './Migration20261201000000_payments_received.ts';
import { Migration20261220000300_one_live_payment_per_session } from './Migration20261220000300_one_live_payment_per_session.ts';
import { Migration20261230000000_settlement_pending } from './Migration20261230000000_settlement_pending.ts';
import { Migration20261230000100_sign_in_with_x } from './Migration20261230000100_sign_in_with_x.ts';

export const paymentsMigrations: MigrationObject[] = [
  { name: 'Migration20261201000000_payments_received', class: Migration20261201000000_payments_received },
  {
    name: 'Migration20261220000300_one_live_payment_per_session',
    class: Migration20261220000300_one_live_payment_per_session,
  },
  { name: 'Migration20261230000000_settlement_pending', class: Migration20261230000000_settlement_pending },
  { name: 'Migration20261230000100_sign_in_with_x', class: Migration20261230000100_sign_in_with_x },
];
