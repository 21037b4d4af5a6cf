import { Migration } from '@mikro-orm/migrations';

/**
 * Settlement recovery (issue 32, part A). The state `unknown` becomes `settlement_pending` (the x402
 * SDK's word for a settle that is not final), and a payment keeps what is needed to ask the
 * facilitator again from any instance: the signed PaymentPayload (stored at reservation, so a
 * repeated presentation is compared by its signature), the PaymentRequirements the resource server
 * settled against, the authorization's validBefore, and the reconciler's bookkeeping (attempts, the
 * next attempt, the last error). The payment-identifier extension's id is unique per payer.
 */
export class Migration20261230000000_settlement_pending extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop index if exists payments_received_one_live_per_session;');
    this.addSql('alter table payments_received drop constraint payments_received_state_check;');
    this.addSql(`update payments_received set state = 'settlement_pending' where state = 'unknown';`);
    this.addSql(`alter table payments_received add constraint payments_received_state_check
      check (state in ('reserved', 'settled', 'failed', 'settlement_pending'));`);
    this.addSql(`create unique index payments_received_one_live_per_session on payments_received (checkout_session_id)
      where state in ('reserved', 'settled', 'settlement_pending');`);
    this.addSql(`alter table payments_received
      add column payment_payload jsonb null,
      add column payment_requirements jsonb null,
      add column valid_before timestamptz null,
      add column payment_identifier varchar(128) null,
      add column settle_attempts integer not null default 0,
      add column next_attempt_at timestamptz null,
      add column last_error text null;`);
    // Rows recorded `unknown` before this migration have no payload to send again: the operator's.
    this
      .addSql(`update payments_received set last_error = 'recorded before settlement recovery: no stored payload; reconcile by hand'
      where state = 'settlement_pending';`);
    this.addSql(`create index payments_received_pending_due_idx on payments_received (next_attempt_at)
      where state = 'settlement_pending';`);
    this.addSql(`create unique index payments_received_identifier_key on payments_received (payer, payment_identifier)
      where payment_identifier is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists payments_received_identifier_key;');
    this.addSql('drop index if exists payments_received_pending_due_idx;');
    this.addSql(`alter table payments_received
      drop column payment_payload, drop column payment_requirements, drop column valid_before,
      drop column payment_identifier, drop column settle_attempts, drop column next_attempt_at, drop column last_error;`);
    this.addSql('drop index if exists payments_received_one_live_per_session;');
    this.addSql('alter table payments_received drop constraint payments_received_state_check;');
    this.addSql(`update payments_received set state = 'unknown' where state = 'settlement_pending';`);
    this.addSql(`alter table payments_received add constraint payments_received_state_check
      check (state in ('reserved', 'settled', 'failed', 'unknown'));`);
    this.addSql(`create unique index payments_received_one_live_per_session on payments_received (checkout_session_id)
      where state in ('reserved', 'settled', 'unknown');`);
  }
}
