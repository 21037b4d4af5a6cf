import { Migration } from '@mikro-orm/migrations';

/**
 * A2A 1.0's task operations beyond send and get (ListTasks, CancelTask, streaming):
 * - `owner_grant_id`: the OAuth grant a task was created under (an access token for the A2A
 *   endpoint); null for an anonymous caller. A task with an owner is visible to that grant only;
 *   an anonymous task to whoever holds its id (or names its context id when listing).
 * - `status_seq`: a number from one sequence, taken again at every status change: ListTasks orders
 *   by it (newest status first) and pages on it, so a task inserted or updated while a client pages
 *   moves above the client's cursor instead of shifting the pages it has not read yet.
 * - the states a task can now be in: `working` (a streamed task whose skill runs) and `canceled`.
 */
export class Migration20261229000000_agent_task_owners extends Migration {
  override async up(): Promise<void> {
    this.addSql('create sequence agent_task_status_seq as bigint;');
    this.addSql(`alter table agent_tasks
      add column owner_grant_id uuid null,
      add column status_seq bigint null,
      drop constraint agent_tasks_state_check,
      add constraint agent_tasks_state_check
        check (state in ('submitted', 'working', 'input-required', 'completed', 'canceled', 'failed'));`);
    // Existing tasks take numbers in the order of their last status; every write names nextval itself.
    this.addSql(`update agent_tasks set status_seq = numbered.seq
      from (select id, nextval('agent_task_status_seq') as seq from (select id from agent_tasks order by updated_at, id) ordered) numbered
      where agent_tasks.id = numbered.id;`);
    this.addSql('alter table agent_tasks alter column status_seq set not null;');
    this.addSql('alter sequence agent_task_status_seq owned by agent_tasks.status_seq;');
    this.addSql(
      'create index agent_tasks_owner_status_idx on agent_tasks (owner_grant_id, status_seq desc) where owner_grant_id is not null;',
    );
    this.addSql('create index agent_tasks_context_status_idx on agent_tasks (context_id, status_seq desc);');
  }

  override async down(): Promise<void> {
    this.addSql("delete from agent_tasks where state not in ('completed', 'failed', 'input-required');");
    this.addSql(`alter table agent_tasks
      drop column owner_grant_id,
      drop column status_seq,
      drop constraint agent_tasks_state_check,
      add constraint agent_tasks_state_check check (state in ('completed', 'failed', 'input-required'));`);
    this.addSql('drop sequence if exists agent_task_status_seq;');
  }
}
