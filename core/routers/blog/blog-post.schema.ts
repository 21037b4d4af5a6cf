import { expecting } from '../../errors/validation-messages.ts';
import { z } from 'zod';
import { BLOG_LOCALES } from '../../services/blog/locale.ts';
import { refuseNul } from '../../services/sql/no-nul.ts';

/** `locale` query parameter of the blog endpoints. */
export const ZBlogLocaleQuery = z
  .enum(BLOG_LOCALES, { error: expecting('expected en-US or es-US') })
  .default('en-US')
  .describe('Locale of the posts: en-US (default) or es-US.');

/**
 * Free text from a query or path. PostgreSQL text cannot hold the NUL character, so a value
 * with one is refused here as a 400 rather than failing in the database.
 */
export function ZQueryText(maxLength: number) {
  return z.string().trim().max(maxLength).check(refuseNul('must not contain the NUL character'));
}

const timestamp = (description: string) => z.iso.datetime().nullable().describe(description);

export const ZBlogPostPublic = z
  .object({
    slug: z.string().describe('URL name of the post, unique within its locale.'),
    locale: z.enum(BLOG_LOCALES),
    title: z.string(),
    excerpt: z.string().nullable().describe('A sentence or two for lists and previews.'),
    category: z.string().nullable(),
    tags: z.array(z.string()).describe('Lower-case tags; filter the list with `tag`.'),
    author_name: z.string().nullable(),
    cover_image_url: z
      .string()
      .nullable()
      .describe(
        'Absolute URL of the cover image: the CDN copy when there is one, else GET /v1/blog/media/{publicId}; null without a cover.',
      ),
    published_at: timestamp('When the post was published (ISO 8601, UTC).'),
    updated_at: timestamp('When the post was last edited (ISO 8601, UTC).'),
  })
  .meta({ id: 'BlogPostPublic' });

export const ZBlogPostDetail = ZBlogPostPublic.extend({
  body: z.string().describe('The article in Markdown.'),
  meta_description: z.string().nullable().describe('Description for search-engine result pages.'),
}).meta({ id: 'BlogPostDetail' });
