import { Migration } from '@mikro-orm/migrations';

/**
 * The `fsa_outbox` notification names the business (one per business per statement, sent at commit
 * and only if it commits; PostgreSQL folds identical ones of a transaction): the event feed's long
 * polls in every process wake only for their own business. The webhook worker ignores the payload.
 */
export class Migration20270104000100_outbox_notify_business extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function fsa_notify_outbox() returns trigger language plpgsql as $$
      declare
        business uuid;
      begin
        for business in select distinct business_id from inserted loop
          perform pg_notify('fsa_outbox', business::text);
        end loop;
        return null;
      end $$;`);
    this.addSql('drop trigger if exists outbox_events_notify on outbox_events;');
    this.addSql(`create trigger outbox_events_notify after insert on outbox_events
      referencing new table as inserted for each statement execute function fsa_notify_outbox();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists outbox_events_notify on outbox_events;');
    this.addSql(`create or replace function fsa_notify_outbox() returns trigger language plpgsql as $$
      begin
        perform pg_notify('fsa_outbox', '');
        return null;
      end $$;`);
    this.addSql(`create trigger outbox_events_notify after insert on outbox_events
      for each statement execute function fsa_notify_outbox();`);
  }
}
