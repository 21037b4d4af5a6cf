import { Migration } from '@mikro-orm/migrations';
import { GOVERNMENT_LIST_INDEXES, governmentListIndex } from '../government/government-list-indexes.ts';
import { DIRECTORY_SORT_INDEXES, PUBLISHED } from './directory-sort-indexes.ts';

/**
 * The end of the list indexes' rebuild: the old indexes go and the covering ones take their names
 * (Migration20270125000000_government_list_cover, Migration20270126000100_directory_sort_cover), and
 * the directory's two search indexes go (Migration20270126000000_directory_place_search replaces
 * them). Dropping an index locks its table against reads until the upgrade commits, so this runs
 * last, after every slow build: reads wait for a moment, not for the builds.
 */
export class Migration20270126000200_list_indexes_swap extends Migration {
  override async up(): Promise<void> {
    for (const [name] of [...GOVERNMENT_LIST_INDEXES, ...DIRECTORY_SORT_INDEXES]) {
      this.addSql(`drop index if exists ${name};`);
      this.addSql(`alter index ${name}_covering rename to ${name};`);
    }
    this.addSql('drop index if exists directory_listings_search_idx;');
    this.addSql('drop index if exists directory_listings_name_trgm_idx;');
  }

  override async down(): Promise<void> {
    this.addSql(`create index directory_listings_search_idx on directory_listings using gin (search) ${PUBLISHED};`);
    this.addSql(
      `create index directory_listings_name_trgm_idx on directory_listings using gin (name gin_trgm_ops) ${PUBLISHED};`,
    );
    for (const [name, filter] of GOVERNMENT_LIST_INDEXES) {
      this.addSql(`alter index ${name} rename to ${name}_covering;`);
      this.addSql(governmentListIndex(name, filter, false));
    }
    for (const [name, key] of DIRECTORY_SORT_INDEXES) {
      this.addSql(`alter index ${name} rename to ${name}_covering;`);
      this.addSql(`create index ${name} on directory_listings (${key}) ${PUBLISHED};`);
    }
  }
}
