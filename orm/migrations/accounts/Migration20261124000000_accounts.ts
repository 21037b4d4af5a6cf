import { Migration } from '@mikro-orm/migrations';

/**
 * Accounts and tenancy: users, businesses (the workspace, i.e. the tenant), memberships and
 * workspace API tokens. Every field-service table references a business; `unique (id)` is the
 * primary key, and `(business_id, id)` pairs on child tables are what composite foreign keys use
 * so that a row can only ever point at rows of its own business.
 */
export class Migration20261124000000_accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table users (
      id uuid primary key,
      email varchar(254) not null,
      name varchar(200) not null,
      -- scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>; never selected by list queries.
      password_hash varchar(300) not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    // E-mail addresses are unique regardless of case.
    this.addSql(`create unique index users_email_lower_unique on users (lower(email));`);

    this.addSql(`create table businesses (
      id uuid primary key,
      slug varchar(100) not null constraint businesses_slug_unique unique,
      name varchar(200) not null,
      email varchar(254),
      phone varchar(50),
      website_url varchar(500),
      time_zone varchar(64) not null,
      currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
      address_line1 varchar(200),
      address_line2 varchar(200),
      city varchar(100),
      region varchar(100),
      postal_code varchar(20),
      country char(2),
      -- [{"weekday": 1..7 (ISO, Monday = 1), "opens": "HH:MM", "closes": "HH:MM"}], business-local time.
      hours jsonb not null default '[]',
      industries text[] not null default '{}',
      service_area varchar(500),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);

    this.addSql(`create table memberships (
      business_id uuid not null references businesses (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      role varchar(20) not null check (role in ('owner', 'admin', 'member')),
      created_at timestamptz not null default now(),
      primary key (business_id, user_id)
    );`);
    this.addSql(`create index memberships_user_idx on memberships (user_id);`);

    this.addSql(`create table api_tokens (
      id uuid primary key,
      business_id uuid not null references businesses (id) on delete cascade,
      name varchar(100) not null,
      -- The first characters of the token, shown in listings so a person can recognise it.
      token_prefix varchar(20) not null,
      -- SHA-256 (hex) of the whole token: the token is 256 random bits, so no slow hash is needed.
      token_hash char(64) not null constraint api_tokens_hash_unique unique,
      scopes text[] not null,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    );`);
    this.addSql(`create index api_tokens_business_idx on api_tokens (business_id, created_at desc);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists api_tokens, memberships, businesses, users cascade;');
  }
}
