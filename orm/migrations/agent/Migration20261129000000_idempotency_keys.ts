import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency-Key records of the agent POST endpoints (A2A, UCP checkout): one row per endpoint and
 * key, holding the request's fingerprint and, once answered, the answer to replay. The primary key
 * is what makes a claim atomic (insert ... on conflict); `locked_until` is the lease of a request
 * still running; rows are swept after `expires_at` (the index keeps the sweep's batches cheap).
 */
export class Migration20261129000000_idempotency_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table idempotency_keys (
      scope varchar(200) not null,
      key varchar(128) not null,
      fingerprint char(64) not null,
      state varchar(20) not null check (state in ('in_progress', 'completed')),
      claim_token uuid not null,
      locked_until timestamptz null,
      response_status smallint null,
      response_headers jsonb null,
      response_body text null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      constraint idempotency_keys_pkey primary key (scope, key),
      constraint idempotency_keys_completed_check
        check (state <> 'completed' or (response_status is not null and response_body is not null)),
      constraint idempotency_keys_lease_check check (state <> 'in_progress' or locked_until is not null)
    );`);
    this.addSql(`create index idempotency_keys_expires_idx on idempotency_keys (expires_at);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists idempotency_keys;');
  }
}
