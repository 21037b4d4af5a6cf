import { Migration } from '@mikro-orm/migrations';

/**
 * At most one live payment per UCP checkout session (issue 27, finding 5). Before, payability was a
 * check ahead of verify and settle, so concurrent different payments for one session all settled.
 * Now the reservation INSERT itself is refused by a partial unique index over the live states:
 * `reserved` (in flight), `settled` (paid), and the new `unknown` (a settlement whose outcome the
 * facilitator never told: the payment may have moved, so the session must not be paid again until
 * it is reconciled). `failed` (a definite refusal) and released rows free the session.
 *
 * Existing data: settlements recorded `failed` with an unknown outcome become `unknown`. Sessions
 * already paid more than once (the fault itself) keep the payment that completed them; each other
 * live payment is detached from the session, with the session named in its `failure` for the
 * operator to refund, since the index could not be built over them.
 */
export class Migration20261220000300_one_live_payment_per_session extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table payments_received drop constraint payments_received_state_check;`);
    this.addSql(`alter table payments_received add constraint payments_received_state_check
      check (state in ('reserved', 'settled', 'failed', 'unknown'));`);
    this.addSql(`update payments_received set state = 'unknown'
      where state = 'failed' and failure like 'settle outcome unknown:%';`);
    this.addSql(`with ranked as (
        select p.id, row_number() over (
                 partition by p.checkout_session_id
                 order by (p.id::text = s.payment_id) desc nulls last, (p.state = 'settled') desc, p.created_at, p.id
               ) as rank
          from payments_received p left join ucp_checkout_sessions s on s.id = p.checkout_session_id
         where p.checkout_session_id is not null and p.state in ('reserved', 'settled', 'unknown'))
      update payments_received p
         set failure = concat_ws('; ', p.failure, 'detached from checkout session ' || p.checkout_session_id ||
               ', which another live payment holds (paid more than once before issue 27): refund or reconcile it'),
             checkout_session_id = null
        from ranked r
       where r.id = p.id and r.rank > 1;`);
    this.addSql(`create unique index payments_received_one_live_per_session on payments_received (checkout_session_id)
      where state in ('reserved', 'settled', 'unknown');`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists payments_received_one_live_per_session;');
    this.addSql(`update payments_received set state = 'failed' where state = 'unknown';`);
    this.addSql(`alter table payments_received drop constraint payments_received_state_check;`);
    this.addSql(`alter table payments_received add constraint payments_received_state_check
      check (state in ('reserved', 'settled', 'failed'));`);
  }
}
