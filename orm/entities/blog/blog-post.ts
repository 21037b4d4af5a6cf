import { defineEntity } from '@mikro-orm/core';
import { BlogMedia } from './blog-media.ts';

/**
 * A blog post in one locale. The public read paths query the table directly with explicit
 * columns (core/services/blog); the entity documents the table for the ORM. The generated
 * `search_vector` (the search weights: title A, excerpt B, body C, in the text-search configuration of
 * the post's own locale) is computed by the database: lazy, nothing reads or writes it here.
 */
export const BlogPost = defineEntity({
  name: 'BlogPost',
  tableName: 'blog_posts',
  uniques: [{ name: 'blog_posts_slug_locale_key', properties: ['slug', 'locale'] }],
  indexes: [
    // The public list of one locale, newest first; its total is an index-only count.
    {
      name: 'blog_posts_list_idx',
      expression: 'create index blog_posts_list_idx on blog_posts (locale, status, published_at desc, id desc)',
    },
    // The category filter (page and index-only count) and the per-category counts (a grouped index-only scan).
    {
      name: 'blog_posts_category_idx',
      expression:
        'create index blog_posts_category_idx on blog_posts (locale, status, category, published_at desc, id desc)',
    },
    { name: 'blog_posts_tags_idx', expression: 'create index blog_posts_tags_idx on blog_posts using gin (tags)' },
    {
      name: 'blog_posts_search_idx',
      expression: 'create index blog_posts_search_idx on blog_posts using gin (search_vector)',
    },
    // The sitemap: both locales, published, newest first.
    {
      name: 'blog_posts_sitemap_idx',
      expression: 'create index blog_posts_sitemap_idx on blog_posts (status, published_at desc, id desc)',
    },
    { name: 'blog_posts_cover_media_idx', properties: ['coverMedia'] },
  ],
  checks: [
    { name: 'blog_posts_published_at_check', expression: `status = 'draft' or published_at is not null` },
    // A post a Markdown import owns has both; any other has neither.
    { name: 'blog_posts_source_check', expression: '(source_path is null) = (source_hash is null)' },
  ],
  properties: (p) => ({
    id: p.bigint('string').primary().autoincrement().generated('identity'),
    slug: p.string().length(200),
    locale: p.enum(['en-US', 'es-US']).columnType('varchar(5)'),
    status: p.enum(['draft', 'scheduled', 'published']).columnType('varchar(16)'),
    title: p.string().length(300),
    excerpt: p.text().nullable(),
    body: p.text().lazy(),
    metaDescription: p.string().length(500).nullable(),
    category: p.string().length(100).nullable(),
    tags: p.array().defaultRaw(`'{}'`),
    authorName: p.string().length(200).nullable(),
    coverMedia: p.manyToOne(BlogMedia).fieldName('cover_media_id').nullable().updateRule('no action'),
    coverImageCdnUrl: p.string().length(2000).nullable(),
    publishedAt: p.datetime().nullable(),
    updatedAt: p.datetime().defaultRaw('now()'),
    createdAt: p.datetime().defaultRaw('now()'),
    /** The Markdown file (relative to the imported directory) this post comes from; null for any other post. */
    sourcePath: p.string().length(1000).nullable(),
    /** SHA-256 of what the import stored from that file: an unchanged file changes nothing. */
    sourceHash: p.character().length(64).nullable(),
    searchVector: p
      .string()
      .columnType('tsvector')
      .generated(
        `(case locale
          when 'es-US' then
            setweight(to_tsvector('spanish', coalesce(title, '')), 'A') ||
            setweight(to_tsvector('spanish', coalesce(excerpt, '')), 'B') ||
            setweight(to_tsvector('spanish', body), 'C')
          else
            setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
            setweight(to_tsvector('english', coalesce(excerpt, '')), 'B') ||
            setweight(to_tsvector('english', body), 'C')
        end) stored`,
      )
      .nullable()
      .lazy(true, false),
  }),
});
