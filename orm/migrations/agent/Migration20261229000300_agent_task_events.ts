import { Migration } from '@mikro-orm/migrations';

/**
 * A2A streaming with resumption: every status change and artifact of a task is an event with a
 * per-task sequence number, stored in the statement that changes the task (core/services/agent-tasks/
 * task-events.query.ts), so a stream resumed with `Last-Event-ID` on any instance reads exactly what
 * it missed. `agent_tasks.event_seq` is the task's last number: a writer takes the next ones by
 * updating it (the row lock orders two writers), and the primary key refuses a duplicate anyway.
 * Events go with their task (cascade: the retention sweeper deletes both). At most 200 per task: a
 * task holds at most 50 messages and a turn appends a status and its artifacts (at most 5), so only
 * a bug reaches the bound, which the check then refuses rather than growing the table without end. The trigger tells every
 * instance at commit (`a2a_task_events`, payload `<task id>:<seq>`); a listener only learns that it
 * should read the table again, never the event itself.
 */
export class Migration20261229000300_agent_task_events extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table agent_tasks add column event_seq integer not null default 0;');
    this.addSql(`create table agent_task_events (
      task_id uuid not null references agent_tasks (id) on delete cascade,
      seq integer not null,
      event json not null,
      created_at timestamptz not null,
      constraint agent_task_events_pkey primary key (task_id, seq),
      constraint agent_task_events_seq_check check (seq between 1 and 200));`);
    this.addSql(`create function fsa_notify_agent_task_event() returns trigger language plpgsql as $$
      begin
        perform pg_notify('a2a_task_events', new.task_id::text || ':' || new.seq::text);
        return null;
      end $$;`);
    this.addSql(`create trigger agent_task_events_notify after insert on agent_task_events
      for each row execute function fsa_notify_agent_task_event();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists agent_task_events;');
    this.addSql('drop function if exists fsa_notify_agent_task_event();');
    this.addSql('alter table agent_tasks drop column event_seq;');
  }
}
