import { Migration } from '@mikro-orm/migrations';

/**
 * Per-endpoint signature schemes and thin delivery (issue 33). `signature_schemes` lists what signs a
 * delivery: `v1` (HMAC-SHA256 with the endpoint's secret, what every endpoint had before) and/or
 * `v1a` (ed25519 with the endpoint's own key pair). The private key is stored only sealed like the
 * secret; the public key (the JWK `x`) and its RFC 7638 thumbprint (`kid`) are kept in clear so the
 * published JWKS needs no decryption. After a rotation the previous key signs beside the new one
 * until `previous_signing_key_expires_at`. `event_payload` says whether a delivery carries the event's
 * data (`full`) or only a reference to fetch it (`thin`).
 */
export class Migration20270101000000_signature_schemes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table webhook_endpoints
      add column signature_schemes json not null default '["v1"]',
      add column event_payload varchar(10) not null default 'full' check (event_payload in ('full', 'thin')),
      add column signing_key_ciphertext text null,
      add column signing_public_key text null,
      add column signing_key_id text null,
      add column previous_signing_key_ciphertext text null,
      add column previous_signing_public_key text null,
      add column previous_signing_key_id text null,
      add column previous_signing_key_expires_at timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table webhook_endpoints
      drop column signature_schemes, drop column event_payload, drop column signing_key_ciphertext,
      drop column signing_public_key, drop column signing_key_id, drop column previous_signing_key_ciphertext,
      drop column previous_signing_public_key, drop column previous_signing_key_id,
      drop column previous_signing_key_expires_at;`);
  }
}
