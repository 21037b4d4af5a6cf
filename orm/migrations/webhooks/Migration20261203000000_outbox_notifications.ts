import { Migration } from '@mikro-orm/migrations';

/**
 * A commit that writes outbox events tells every process's webhook worker on the channel
 * `fsa_outbox` (scripts/compose/webhook-delivery.ts), so a worker in another process publishes
 * them now rather than at its next poll. Once per statement, with no payload: identical
 * notifications of one transaction are sent once, at commit and only if it commits. A hint only:
 * a lost notification costs one poll interval, never an event.
 */
export class Migration20261203000000_outbox_notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function fsa_notify_outbox() returns trigger language plpgsql as $$
      begin
        perform pg_notify('fsa_outbox', '');
        return null;
      end $$;`);
    this.addSql(`create trigger outbox_events_notify after insert on outbox_events
      for each statement execute function fsa_notify_outbox();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists outbox_events_notify on outbox_events;');
    this.addSql('drop function if exists fsa_notify_outbox();');
  }
}
