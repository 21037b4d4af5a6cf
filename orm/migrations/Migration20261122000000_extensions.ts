import { Migration } from '@mikro-orm/migrations';

/** Trigram matching backs the public text searches; a trusted extension, so a database owner may create it. */
export class Migration20261122000000_extensions extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists pg_trgm;');
  }

  override async down(): Promise<void> {
    this.addSql('drop extension if exists pg_trgm;');
  }
}
