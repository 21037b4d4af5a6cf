import { Migration } from '@mikro-orm/migrations';

/**
 * The OAuth 2.0 authorization server: signing keys, registered public clients, grants (a user's
 * consent for a client inside one business), single-use authorization codes and rotating refresh
 * tokens. Codes and refresh tokens are stored only as SHA-256 hashes; private keys only encrypted.
 */
export class Migration20261125000000_oauth extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table oauth_signing_keys (
      kid varchar(64) primary key,
      alg varchar(10) not null,
      public_jwk jsonb not null,
      -- AES-256-GCM of the private JWK under the configured key-encryption key: iv.tag.ciphertext, base64url.
      private_jwk_encrypted text not null,
      created_at timestamptz not null default now(),
      -- The newest active key signs; retired keys stay published until every token they signed has expired.
      retired_at timestamptz,
      publish_until timestamptz
    );`);

    this.addSql(`create table oauth_clients (
      client_id varchar(64) primary key,
      client_name varchar(200),
      redirect_uris text[] not null,
      scope varchar(500) not null,
      grant_types text[] not null,
      response_types text[] not null,
      token_endpoint_auth_method varchar(20) not null default 'none' check (token_endpoint_auth_method = 'none'),
      -- SHA-256 of the canonical registration: an identical registration answers the existing client.
      metadata_fingerprint char(64) not null constraint oauth_clients_fingerprint_unique unique,
      metadata jsonb not null default '{}',
      created_at timestamptz not null default now()
    );`);

    this.addSql(`create table oauth_grants (
      id uuid primary key,
      client_id varchar(64) not null references oauth_clients (client_id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      business_id uuid not null references businesses (id) on delete cascade,
      scope varchar(500) not null,
      resource varchar(500) not null,
      created_at timestamptz not null default now(),
      revoked_at timestamptz
    );`);
    this.addSql(`create index oauth_grants_user_idx on oauth_grants (user_id, client_id);`);

    this.addSql(`create table oauth_authorization_codes (
      code_hash char(64) primary key,
      grant_id uuid not null references oauth_grants (id) on delete cascade,
      redirect_uri text not null,
      code_challenge varchar(128) not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );`);

    this.addSql(`create table oauth_refresh_tokens (
      token_hash char(64) primary key,
      grant_id uuid not null references oauth_grants (id) on delete cascade,
      scope varchar(500) not null,
      expires_at timestamptz not null,
      -- Set when rotated: a second use after the grace window revokes the whole grant.
      used_at timestamptz,
      replaced_by char(64),
      created_at timestamptz not null default now()
    );`);
    this.addSql(`create index oauth_refresh_tokens_grant_idx on oauth_refresh_tokens (grant_id);`);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists oauth_refresh_tokens, oauth_authorization_codes, oauth_grants, oauth_clients, oauth_signing_keys cascade;',
    );
  }
}
