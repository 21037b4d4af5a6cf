import { Migration } from '@mikro-orm/migrations';

/**
 * What the event feed and every envelope need from an outbox row:
 * - `commit_txid` (the writing transaction's id) and `position` (insertion order) give commit
 *   order: a reader that only returns rows whose transaction is below its snapshot's xmin sees a
 *   prefix that no later commit can change, whatever order concurrent writers commit in;
 * - `sequence` numbers each entity's events 1, 2, 3… in the order their transactions commit: a
 *   BEFORE INSERT trigger takes the entity's counter row (insert … on conflict do update), whose
 *   row lock is held to commit, so the next writer of the same entity waits and counts on. Every
 *   writer gets it, raw SQL included. Counters outlive the 30-day events, so numbers never restart;
 * - `occurred_at` (when the change happened) and `test` (a sample event, not a real change).
 */
export class Migration20261231000000_outbox_feed_order extends Migration {
  override async up(): Promise<void> {
    this.addSql('create sequence outbox_events_position_seq as bigint;');
    this.addSql(`alter table outbox_events
      add column commit_txid xid8 not null default pg_current_xact_id(),
      add column position bigint not null default nextval('outbox_events_position_seq'),
      add column sequence bigint not null default 0,
      add column occurred_at timestamptz not null default now(),
      add column test boolean not null default false;`);
    this.addSql('update outbox_events set occurred_at = created_at;');
    this.addSql(`update outbox_events o set sequence = numbered.n from (
      select id, row_number() over (partition by business_id, aggregate_type, aggregate_id order by created_at, id) as n
        from outbox_events) numbered where numbered.id = o.id;`);
    this.addSql('alter sequence outbox_events_position_seq owned by outbox_events.position;');
    this.addSql('alter table outbox_events add constraint outbox_events_position_unique unique (position);');

    this.addSql(`create table outbox_entity_sequences (
      business_id uuid not null,
      aggregate_type varchar(50) not null,
      aggregate_id uuid not null,
      last_sequence bigint not null,
      constraint outbox_entity_sequences_pkey primary key (business_id, aggregate_type, aggregate_id));`);
    this.addSql(`alter table outbox_entity_sequences add constraint outbox_entity_sequences_business_id_fkey
      foreign key (business_id) references businesses (id) on update no action on delete cascade;`);
    this.addSql(`insert into outbox_entity_sequences (business_id, aggregate_type, aggregate_id, last_sequence)
      select business_id, aggregate_type, aggregate_id, max(sequence) from outbox_events
       group by business_id, aggregate_type, aggregate_id;`);

    this.addSql(`create function fsa_outbox_sequence() returns trigger language plpgsql as $$
      begin
        insert into outbox_entity_sequences as s (business_id, aggregate_type, aggregate_id, last_sequence)
        values (new.business_id, new.aggregate_type, new.aggregate_id, 1)
        on conflict (business_id, aggregate_type, aggregate_id)
          do update set last_sequence = s.last_sequence + 1
        returning s.last_sequence into new.sequence;
        return new;
      end $$;`);
    this.addSql(`create trigger outbox_events_sequence before insert on outbox_events
      for each row execute function fsa_outbox_sequence();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists outbox_events_sequence on outbox_events;');
    this.addSql('drop function if exists fsa_outbox_sequence();');
    this.addSql('drop table if exists outbox_entity_sequences;');
    this.addSql(`alter table outbox_events drop constraint if exists outbox_events_position_unique,
      drop column if exists commit_txid, drop column if exists position, drop column if exists sequence,
      drop column if exists occurred_at, drop column if exists test;`);
    this.addSql('drop sequence if exists outbox_events_position_seq;');
  }
}
