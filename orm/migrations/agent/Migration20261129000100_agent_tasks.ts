import { Migration } from '@mikro-orm/migrations';

/**
 * The tasks of the A2A endpoint: each message/send (SendMessage) answers a task, kept with its
 * messages and artifacts so that tasks/get (GetTask) reads it back and a task waiting for input
 * (`input-required`) can be continued. Rows expire 7 days after their last message; the sweeper
 * deletes them by `expires_at` (hence the index). `history` and `artifacts` are `json`, not `jsonb`: the
 * text is kept as written, so a task read back carries the skill's output in the very key order REST answers.
 */
export class Migration20261129000100_agent_tasks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table agent_tasks (
      id uuid primary key,
      context_id varchar(200) not null,
      state varchar(20) not null check (state in ('completed', 'failed', 'input-required')),
      skill varchar(100) null,
      history json not null,
      artifacts json not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      expires_at timestamptz not null
    );`);
    this.addSql(`create index agent_tasks_expires_idx on agent_tasks (expires_at);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists agent_tasks;');
  }
}
