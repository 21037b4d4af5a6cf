import { Migration } from '@mikro-orm/migrations';

/**
 * Returning buyers (x402 `sign-in-with-x`, issue 32): a payment now records the revision of the
 * reference it bought (`reference_revision`, null for payments taken before), so a signed-in wallet
 * re-reads only the revision it paid for; and the challenges' nonces used by a sign-in are kept in
 * `payments_sign_in_nonces` until the challenge expires, where the primary key makes each single use
 * (of concurrent copies of one signed message, exactly one INSERT gets the row).
 */
export class Migration20261230000100_sign_in_with_x extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table payments_received add column reference_revision varchar(80) null;`);
    this.addSql(`create table payments_sign_in_nonces (
      nonce char(32) not null,
      address varchar(42) not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      constraint payments_sign_in_nonces_pkey primary key (nonce));`);
    this.addSql(`create index payments_sign_in_nonces_expires_idx on payments_sign_in_nonces (expires_at);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists payments_sign_in_nonces;');
    this.addSql('alter table payments_received drop column if exists reference_revision;');
  }
}
