import { Migration } from '@mikro-orm/migrations';

/**
 * The posts a Markdown directory import owns (`npm run admin -- import-blog DIR`): the file's path
 * relative to DIR and the hash of what was stored from it. A re-run compares the hash (an unchanged
 * file changes nothing, not even updated_at) and reports the owned posts whose file is gone. Posts
 * from the seed or the insert procedure have neither.
 */
export class Migration20270113000000_blog_post_sources extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table blog_posts
      add column source_path varchar(1000),
      add column source_hash char(64),
      add constraint blog_posts_source_check check ((source_path is null) = (source_hash is null));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table blog_posts
      drop constraint if exists blog_posts_source_check,
      drop column if exists source_hash,
      drop column if exists source_path;`);
  }
}
