import { z } from 'zod';
import { noNul } from '../../services/sql/no-nul.ts';
import { BLOG_LOCALES } from '../../services/blog/locale.ts';
import { MAX_MEDIA_BYTES } from '../../services/blog/insert-posts.ts';
import { BLOG_SLUG } from './import-posts.schema.ts';

const text = (max: number) => z.string().max(max).check(noNul());

const ZImportedPost = z.object({
  source_path: z
    .string()
    .min(1)
    .max(1000)
    .check(noNul())
    .describe('The Markdown file, relative to the imported directory.'),
  slug: BLOG_SLUG,
  locale: z.enum(BLOG_LOCALES),
  title: text(300).min(1),
  excerpt: text(1000).nullable(),
  body: text(200_000).describe('Markdown; the body_media spans are replaced by the images\u2019 URLs.'),
  body_media: z
    .array(z.object({ start: z.number().int().min(0), end: z.number().int().min(0), public_id: z.uuid() }))
    .max(500),
  meta_description: text(500).nullable(),
  category: text(100).min(1).nullable(),
  tags: z.array(text(100).min(1)).max(30),
  author_name: text(200).nullable(),
  cover_media_id: z.uuid().nullable(),
  cover_image_cdn_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullable(),
  published_at: z.date().nullable().describe('Null: a draft. In the future: scheduled.'),
});

export const ZUpsertPostsInput = z.object({
  posts: z.array(ZImportedPost).min(1).max(200),
  media: z
    .array(
      z.object({
        public_id: z.uuid(),
        bytes: z
          .instanceof(Buffer)
          .refine((bytes) => bytes.length > 0 && bytes.length <= MAX_MEDIA_BYTES, 'expected 1 byte to 5 MiB'),
      }),
    )
    .max(500),
  adopt: z.boolean().default(false).describe('Take over a post of the same slug and locale that no import owns.'),
  dry_run: z.boolean().default(false).describe('Write, count, and roll back.'),
});

export const ZUpsertPostsOutput = z.object({
  items: z.array(
    z.object({
      source_path: z.string(),
      slug: z.string(),
      locale: z.enum(BLOG_LOCALES),
      outcome: z.enum(['created', 'updated', 'unchanged', 'not_owned']),
      state: z.enum(['draft', 'scheduled', 'published']),
    }),
  ),
  media_inserted: z.number().int(),
});
