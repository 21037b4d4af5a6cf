import { Migration } from '@mikro-orm/migrations';

/**
 * UCP checkout sessions for the paid reference: one line item, totals, the buyer if given, and once
 * paid the receipt of the payment that completed the session. A session is completed only with its
 * payment id and time (the check), and a payment completes at most one session (the unique payment
 * id). `line_items` and `totals` are `json`, not `jsonb`, so they read back in the order answered.
 * Sessions expire 30 minutes after creation; the sweeper deletes them 7 days later, by `expires_at`
 * (hence the index).
 */
export class Migration20261201000000_ucp_checkout_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table ucp_checkout_sessions (
      id uuid primary key,
      status varchar(30) not null check (status in ('ready_for_complete', 'completed')),
      line_items json not null,
      currency char(3) not null,
      totals json not null,
      buyer json null,
      payment_id varchar(200) null,
      payment_transaction varchar(200) null,
      payment_payer varchar(200) null,
      completed_at timestamptz null,
      expires_at timestamptz not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint ucp_checkout_sessions_payment_id_key unique (payment_id),
      constraint ucp_checkout_sessions_completed_check
        check ((status = 'completed') = (payment_id is not null and completed_at is not null))
    );`);
    this.addSql(`create index ucp_checkout_sessions_expires_idx on ucp_checkout_sessions (expires_at);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists ucp_checkout_sessions;');
  }
}
