import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency-Keys get an owner (issue 27, finding 4): a key was one per endpoint, so another
 * client sending the same key and body received the first client's answer (its checkout session
 * id, its task id: the capabilities to read or continue them). The key is now one per owner (the
 * authenticated principal, else the client's address key, core/services/idempotency/owner.ts),
 * endpoint and key. An A2A answer that is a stored task references the task (`task_id`) instead of
 * copying it into `response_body` (finding 8): a completed row holds exactly one of the two.
 *
 * Existing rows cannot be attributed to an owner, so they are deleted: they are answers kept 24
 * hours for retries, and a retry after this migration executes once more instead of replaying.
 */
export class Migration20261220000200_idempotency_key_owner extends Migration {
  override async up(): Promise<void> {
    this.addSql('delete from idempotency_keys;');
    this.addSql(`alter table idempotency_keys
      drop constraint idempotency_keys_pkey,
      drop constraint idempotency_keys_completed_check,
      add column owner varchar(200) not null,
      add column task_id uuid null references agent_tasks (id) on delete cascade,
      add constraint idempotency_keys_pkey primary key (owner, scope, key),
      add constraint idempotency_keys_completed_check
        check (state <> 'completed' or (response_status is not null and (response_body is null) <> (task_id is null)));`);
    this.addSql('create index idempotency_keys_task_idx on idempotency_keys (task_id);');
  }

  override async down(): Promise<void> {
    this.addSql('delete from idempotency_keys;');
    this.addSql(`alter table idempotency_keys
      drop constraint idempotency_keys_pkey,
      drop constraint idempotency_keys_completed_check,
      drop column owner,
      drop column task_id,
      add constraint idempotency_keys_pkey primary key (scope, key),
      add constraint idempotency_keys_completed_check
        check (state <> 'completed' or (response_status is not null and response_body is not null));`);
  }
}
