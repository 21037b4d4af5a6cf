import { z } from 'zod';
import { BLOG_LOCALES, BLOG_STATUSES } from '../../services/blog/locale.ts';

export const ZListImportedPostsInput = z.object({
  after: z
    .string()
    .regex(/^\d{1,19}$/)
    .nullable()
    .default(null)
    .describe('The `next` of the previous page; null for the first.'),
  limit: z.number().int().min(1).max(5000).default(1000),
});

export const ZListImportedPostsOutput = z.object({
  items: z.array(
    z.object({
      slug: z.string(),
      locale: z.enum(BLOG_LOCALES),
      status: z.enum(BLOG_STATUSES),
      source_path: z.string(),
    }),
  ),
  next: z.string().nullable().describe('Pass as `after` for the next page; null on the last.'),
});
