import { Migration } from '@mikro-orm/migrations';

/**
 * UCP Cancel Checkout: a session a platform canceled is stored `canceled` with the time it happened,
 * so that its handoff refuses payment and a later update, complete or cancel answers 409. Only an
 * unpaid session without a live payment is canceled (core/services/ucp/checkout-sessions.query.ts);
 * the check keeps the status and the time together. Canceled sessions are swept like expired unpaid ones.
 */
export class Migration20261230000200_ucp_checkout_cancel extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table ucp_checkout_sessions add column canceled_at timestamptz null;`);
    this.addSql(`alter table ucp_checkout_sessions drop constraint ucp_checkout_sessions_status_check;`);
    this.addSql(`alter table ucp_checkout_sessions add constraint ucp_checkout_sessions_status_check
      check (status in ('ready_for_complete', 'completed', 'canceled'));`);
    this.addSql(`alter table ucp_checkout_sessions add constraint ucp_checkout_sessions_canceled_check
      check ((status = 'canceled') = (canceled_at is not null));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from ucp_checkout_sessions where status = 'canceled';`);
    this.addSql(`alter table ucp_checkout_sessions drop constraint ucp_checkout_sessions_canceled_check;`);
    this.addSql(`alter table ucp_checkout_sessions drop constraint ucp_checkout_sessions_status_check;`);
    this.addSql(`alter table ucp_checkout_sessions add constraint ucp_checkout_sessions_status_check
      check (status in ('ready_for_complete', 'completed'));`);
    this.addSql(`alter table ucp_checkout_sessions drop column canceled_at;`);
  }
}
