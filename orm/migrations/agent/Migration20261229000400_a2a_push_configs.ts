import { Migration } from '@mikro-orm/migrations';

/**
 * A2A push notification configs (issue 31, part D), delivered by the webhook engine:
 * - each config owns one webhook endpoint row of its grant's business, marked by `a2a_task_id`
 *   (deleted with the task, and hidden from the workspace's endpoint management), so the engine's
 *   claim (fair per business and per endpoint), signing, retries, SSRF guard and delivery log apply
 *   unchanged to push deliveries;
 * - the endpoint's sealed secret is the config's token (the Standard Webhooks key the receiver
 *   already holds); the authentication credentials are sealed here with the same secret box;
 * - `config_id` is the client's name for the config (or the server's), unique per task and grant (two
 *   grants holding one anonymous task's id each name their own configs).
 */
export class Migration20261229000400_a2a_push_configs extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table webhook_endpoints add column a2a_task_id uuid null references agent_tasks (id) on delete cascade;',
    );
    this.addSql(
      'create index webhook_endpoints_a2a_task_idx on webhook_endpoints (a2a_task_id) where a2a_task_id is not null;',
    );
    this.addSql(`create table a2a_push_configs (
      endpoint_id uuid primary key references webhook_endpoints (id) on delete cascade,
      task_id uuid not null references agent_tasks (id) on delete cascade,
      config_id varchar(200) not null,
      owner_grant_id uuid not null,
      has_token boolean not null,
      auth_scheme varchar(40) null,
      auth_credentials_ciphertext text null,
      wire_version varchar(3) not null check (wire_version in ('0.3', '1.0')),
      created_at timestamptz not null default now(),
      constraint a2a_push_configs_task_config_unique unique (task_id, owner_grant_id, config_id)
    );`);
    this.addSql('create index a2a_push_configs_grant_idx on a2a_push_configs (owner_grant_id);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists a2a_push_configs;');
    this.addSql('delete from webhook_endpoints where a2a_task_id is not null;');
    this.addSql('alter table webhook_endpoints drop column a2a_task_id;');
  }
}
