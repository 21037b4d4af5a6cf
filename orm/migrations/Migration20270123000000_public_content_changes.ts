import { Migration } from '@mikro-orm/migrations';

/** Each area of public content and the tables its public answers read. */
const AREAS: Record<string, string[]> = {
  blog: ['blog_posts', 'blog_media'],
  directory: ['directory_listings', 'directory_listing_photos'],
  government: ['government_opportunities', 'government_classification_codes'],
};

/**
 * Every instance keeps answers of the public lists and details in memory
 * (core/services/public-cache/); these statement-level triggers tell every instance when an area
 * changes, whatever wrote it (a procedure, an admin command, the seed, a cascade, hand-written SQL):
 * - `pg_notify('fsa_public_content', area)`, sent at commit and only if it commits (a PostgreSQL
 *   server's listeners);
 * - `nextval('fsa_public_<area>_version')`, a counter the embedded database's readers compare
 *   before serving (it delivers no notifications). A sequence, not a row: advancing it takes no
 *   lock, so concurrent writers of one area never wait on each other.
 * One notification per statement (and identical payloads of one transaction are sent once), not per row.
 */
export class Migration20270123000000_public_content_changes extends Migration {
  override async up(): Promise<void> {
    for (const area of Object.keys(AREAS)) this.addSql(`create sequence fsa_public_${area}_version;`);
    this.addSql(`create function fsa_public_content_changed() returns trigger language plpgsql as $$
      begin
        perform nextval(('fsa_public_' || tg_argv[0] || '_version')::regclass);
        perform pg_notify('fsa_public_content', tg_argv[0]);
        return null;
      end $$;`);
    for (const [area, tables] of Object.entries(AREAS))
      for (const table of tables)
        this.addSql(`create trigger ${table}_public_content after insert or update or delete or truncate on ${table}
          for each statement execute function fsa_public_content_changed('${area}');`);
  }

  override async down(): Promise<void> {
    for (const tables of Object.values(AREAS))
      for (const table of tables) this.addSql(`drop trigger if exists ${table}_public_content on ${table};`);
    this.addSql('drop function if exists fsa_public_content_changed();');
    for (const area of Object.keys(AREAS)) this.addSql(`drop sequence if exists fsa_public_${area}_version;`);
  }
}
