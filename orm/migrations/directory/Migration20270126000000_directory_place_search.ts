import { Migration } from '@mikro-orm/migrations';
import { PUBLISHED } from './directory-sort-indexes.ts';

/**
 * The directory's text search (`q`: the search tsvector and the name's trigrams) in one GIN index
 * with the metro and the trade, through btree_gin (a trusted contrib extension, in PostgreSQL and
 * in PGlite). "plumbing" in Austin is then two posting lists intersected in the index, not a
 * bitmap of every Austin listing whose text is rechecked row by row: at 500,000 listings its
 * matches went from 227 ms (41,583 rows rechecked for 4,193 matches) to 33 ms. A search without
 * those filters reads the same index's search and name entries, as it read the two it replaces
 * (Migration20270126000200_list_indexes_swap drops those at the end of the upgrade).
 */
export class Migration20270126000000_directory_place_search extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists btree_gin;');
    this.addSql(
      `create index directory_listings_place_search_idx on directory_listings using gin (metro_key, industry_key, search, name gin_trgm_ops) ${PUBLISHED};`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists directory_listings_place_search_idx;');
  }
}
