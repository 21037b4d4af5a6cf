import { Migration } from '@mikro-orm/migrations';

/**
 * Outbound webhooks (issue 18): a business's endpoints, one delivery per event and endpoint, and the
 * log of each delivery's HTTP attempts.
 *
 * - Secrets are stored only encrypted (the OAuth key-encryption key); the previous one survives a
 *   rotation until `previous_secret_expires_at`.
 * - `enabled_events`, `metadata` are `json` (kept as written). `payload` is the exact body sent, as
 *   text, so every retry signs the same bytes.
 * - Deliveries and attempts reference their parent twice: by id (cascade) and by (business_id, id),
 *   so a row can never belong to another business's endpoint even if code forgot to check.
 * - Due deliveries are claimed through the partial index on `next_attempt_at` where pending.
 */
export class Migration20261202000000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table webhook_endpoints (
      id uuid primary key,
      business_id uuid not null references businesses (id) on delete cascade,
      url text not null,
      description varchar(500),
      enabled_events json not null,
      metadata json not null default '{}',
      disabled boolean not null default false,
      disabled_reason text,
      secret_ciphertext text not null,
      previous_secret_ciphertext text,
      previous_secret_expires_at timestamptz,
      failing_since timestamptz,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint webhook_endpoints_business_id_id_unique unique (business_id, id)
    );`);
    this.addSql(`create index webhook_endpoints_business_idx on webhook_endpoints (business_id, created_at, id);`);

    this.addSql(`create table webhook_deliveries (
      id uuid primary key,
      business_id uuid not null references businesses (id) on delete cascade,
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      event_id uuid not null,
      event_type varchar(100) not null,
      payload text not null,
      state varchar(20) not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      locked_until timestamptz,
      last_status integer,
      last_error text,
      created_at timestamptz not null default now(),
      delivered_at timestamptz,
      constraint webhook_deliveries_business_id_id_unique unique (business_id, id),
      constraint webhook_deliveries_event_unique unique (endpoint_id, event_id),
      foreign key (business_id, endpoint_id) references webhook_endpoints (business_id, id) on delete cascade
    );`);
    this.addSql(
      `create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where state = 'pending';`,
    );
    this.addSql(`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at, id);`);

    this.addSql(`create table webhook_attempts (
      id uuid primary key,
      delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
      business_id uuid not null references businesses (id) on delete cascade,
      attempted_at timestamptz not null default now(),
      duration_ms integer not null,
      response_status integer,
      response_body text,
      error text,
      foreign key (business_id, delivery_id) references webhook_deliveries (business_id, id) on delete cascade
    );`);
    this.addSql(`create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, attempted_at);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists webhook_attempts, webhook_deliveries, webhook_endpoints cascade;');
  }
}
