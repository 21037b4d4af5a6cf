import { z } from 'zod';
import { BLOG_LOCALES } from '../../services/blog/locale.ts';

export const ZUnpublishImportedPostsInput = z.object({
  posts: z
    .array(z.object({ slug: z.string().max(200), locale: z.enum(BLOG_LOCALES), source_path: z.string().max(1000) }))
    .min(1)
    .max(1000),
});

export const ZUnpublishImportedPostsOutput = z.object({
  unpublished: z.array(z.object({ slug: z.string(), locale: z.enum(BLOG_LOCALES) })),
});
