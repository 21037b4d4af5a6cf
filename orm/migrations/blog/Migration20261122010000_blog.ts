import { Migration } from '@mikro-orm/migrations';

/**
 * Blog posts (two locales) and their stored cover images. The search vector is a stored generated
 * column so that the index and the ranking see the same weights (title A, excerpt B, body C), in the
 * text-search configuration of the post's own locale.
 */
export class Migration20261122010000_blog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table blog_media (
      id bigint generated always as identity primary key,
      public_id uuid not null,
      mime_type varchar(100) not null,
      byte_size integer not null,
      checksum_sha256 char(64) not null,
      bytes bytea not null,
      created_at timestamptz not null default now(),
      constraint blog_media_public_id_key unique (public_id),
      constraint blog_media_mime_type_check check (mime_type ~ '^image/[a-z0-9.+-]+$'),
      constraint blog_media_byte_size_check check (byte_size = octet_length(bytes)),
      constraint blog_media_checksum_check check (checksum_sha256 ~ '^[0-9a-f]{64}$')
    );`);

    this.addSql(`create table blog_posts (
      id bigint generated always as identity primary key,
      slug varchar(200) not null,
      locale varchar(5) not null,
      status varchar(16) not null,
      title varchar(300) not null,
      excerpt text,
      body text not null,
      meta_description varchar(500),
      category varchar(100),
      tags text[] not null default '{}',
      author_name varchar(200),
      cover_media_id bigint references blog_media (id) on delete set null,
      cover_image_cdn_url varchar(2000),
      published_at timestamptz,
      updated_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      search_vector tsvector generated always as (
        case locale
          when 'es-US' then
            setweight(to_tsvector('spanish', coalesce(title, '')), 'A') ||
            setweight(to_tsvector('spanish', coalesce(excerpt, '')), 'B') ||
            setweight(to_tsvector('spanish', body), 'C')
          else
            setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
            setweight(to_tsvector('english', coalesce(excerpt, '')), 'B') ||
            setweight(to_tsvector('english', body), 'C')
        end
      ) stored,
      constraint blog_posts_slug_locale_key unique (slug, locale),
      constraint blog_posts_locale_check check (locale in ('en-US', 'es-US')),
      constraint blog_posts_status_check check (status in ('draft', 'scheduled', 'published')),
      constraint blog_posts_published_at_check check (status = 'draft' or published_at is not null)
    );`);

    // The public list of one locale, newest first; its total is an index-only count.
    this.addSql('create index blog_posts_list_idx on blog_posts (locale, status, published_at desc, id desc);');
    // The category filter (page and index-only count) and the per-category counts (a grouped index-only scan).
    this.addSql(
      'create index blog_posts_category_idx on blog_posts (locale, status, category, published_at desc, id desc);',
    );
    this.addSql('create index blog_posts_tags_idx on blog_posts using gin (tags);');
    this.addSql('create index blog_posts_search_idx on blog_posts using gin (search_vector);');
    // The sitemap: both locales, published, newest first.
    this.addSql('create index blog_posts_sitemap_idx on blog_posts (status, published_at desc, id desc);');
    this.addSql('create index blog_posts_cover_media_idx on blog_posts (cover_media_id);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists blog_posts;');
    this.addSql('drop table if exists blog_media;');
  }
}
