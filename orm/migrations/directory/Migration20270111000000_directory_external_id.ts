import { Migration } from '@mikro-orm/migrations';

/**
 * The stable external id of an imported listing (`npm run admin -- import-directory`): the key a
 * re-import upserts by. Unique where set; listings created otherwise (the demo seed) have none.
 */
export class Migration20270111000000_directory_external_id extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table directory_listings add column external_id varchar(200) null;`);
    this.addSql(
      `create unique index directory_listings_external_id_idx on directory_listings (external_id) where external_id is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists directory_listings_external_id_idx;');
    this.addSql('alter table directory_listings drop column if exists external_id;');
  }
}
