import { Migration } from '@mikro-orm/migrations';

/**
 * The payments presented for the paid reference: one row per signed authorization, reserved before
 * the facilitator verifies it, the receipt once settled. The unique (network, payer, nonce) is what
 * lets a signed payment buy once, however many copies of it arrive at once.
 */
export class Migration20261201000000_payments_received extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table payments_received (
      id uuid not null,
      network varchar(64) not null,
      payer varchar(42) not null,
      pay_to varchar(42) not null,
      asset varchar(42) not null,
      amount text not null,
      nonce char(66) not null,
      transaction varchar(128) null,
      resource text not null,
      checkout_session_id uuid null,
      state varchar(20) not null check (state in ('reserved', 'settled', 'failed')),
      failure text null,
      created_at timestamptz not null default now(),
      settled_at timestamptz null,
      constraint payments_received_pkey primary key (id),
      constraint payments_received_amount_check check (amount ~ '^[0-9]{1,78}$'),
      constraint payments_received_settled_check
        check (state <> 'settled' or (transaction is not null and settled_at is not null)),
      constraint payments_received_authorization_key unique (network, payer, nonce)
    );`);
    this.addSql(`create index payments_received_created_idx on payments_received (created_at);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists payments_received;');
  }
}
