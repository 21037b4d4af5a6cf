import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { BlogMedia } from './blog-media.ts';

/**
 * A blog post in one locale. The public read paths query the table directly with explicit
 * columns (core/services/blog); the entity documents the table for the ORM. The generated
 * `search_vector` column is left out on purpose: the database computes it, nothing writes it.
 */
export const BlogPost = defineEntity({
  name: 'BlogPost',
  tableName: 'blog_posts',
  uniques: [{ name: 'blog_posts_slug_locale_key', properties: ['slug', 'locale'] }],
  properties: (p) => ({
    id: p.bigint('string').primary().autoincrement(),
    slug: p.string().length(200),
    locale: p.enum(['en-US', 'es-US']),
    status: p.enum(['draft', 'scheduled', 'published']),
    title: p.string().length(300),
    excerpt: p.text().nullable(),
    body: p.text().lazy(),
    metaDescription: p.string().length(500).nullable(),
    category: p.string().length(100).nullable(),
    tags: p.array().defaultRaw(`'{}'`),
    authorName: p.string().length(200).nullable(),
    coverMedia: p.manyToOne(BlogMedia).fieldName('cover_media_id').nullable(),
    coverImageCdnUrl: p.string().length(2000).nullable(),
    publishedAt: p.datetime().nullable(),
    updatedAt: p.datetime().defaultRaw('now()'),
    createdAt: p.datetime().defaultRaw('now()'),
  }),
});

export type IBlogPost = InferEntity<typeof BlogPost>;
