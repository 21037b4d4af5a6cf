import { z } from 'zod';
import { BLOG_LOCALES, BLOG_STATUSES } from '../../services/blog/locale.ts';
import { IMAGE_MIME_TYPE, MAX_MEDIA_BYTES } from '../../services/blog/insert-posts.ts';

/** A post's slug: lower-case words joined by hyphens. */
export const BLOG_SLUG = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected lower-case words joined by hyphens');

export const ZNewBlogPost = z
  .object({
    slug: BLOG_SLUG,
    locale: z.enum(BLOG_LOCALES),
    status: z.enum(BLOG_STATUSES),
    title: z.string().min(1).max(300),
    excerpt: z.string().max(1000).nullable(),
    body: z.string().max(200_000),
    meta_description: z.string().max(500).nullable(),
    category: z.string().min(1).max(100).nullable(),
    tags: z.array(z.string().min(1).max(100)).max(30),
    author_name: z.string().max(200).nullable(),
    cover_image_cdn_url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable(),
    cover_image: z
      .object({
        public_id: z.uuid(),
        mime_type: z.string().regex(IMAGE_MIME_TYPE, 'only image/* types are stored'),
        bytes: z
          .instanceof(Buffer)
          .refine((bytes) => bytes.length > 0 && bytes.length <= MAX_MEDIA_BYTES, 'expected 1 byte to 5 MiB'),
      })
      .nullable(),
    published_at: z.date().nullable(),
    updated_at: z.date(),
    created_at: z.date(),
  })
  .refine((post) => post.status === 'draft' || post.published_at !== null, {
    message: 'a published or scheduled post needs published_at',
    path: ['published_at'],
  });

export const ZImportPostsInput = z.object({ posts: z.array(ZNewBlogPost).min(1).max(1000) });

export const ZImportPostsOutput = z.object({ inserted: z.number().int() });
