import { Migration } from '@mikro-orm/migrations';

/**
 * The agent card's signatures (A2A 1.0 section 8.4), one row per card text (its SHA-256) and signing
 * key: an ECDSA signature differs each time it is made, so keeping the first one lets every instance
 * serve the same bytes and ETag, and a card request sign nothing. No foreign key to the signing keys:
 * rows of retired keys are deleted when a card is signed again (core/services/a2a/card-signatures.query.ts).
 */
export class Migration20261229000500_a2a_card_signatures extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table a2a_card_signatures (
      card_hash char(64) not null,
      kid varchar(64) not null,
      signatures jsonb not null,
      created_at timestamptz not null default now(),
      constraint a2a_card_signatures_pkey primary key (card_hash, kid)
    );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists a2a_card_signatures;');
  }
}
