import { z } from 'zod';
import { ZBlogLocaleQuery, ZBlogPostDetail, ZQueryText } from './blog-post.schema.ts';

export const ZGetPostInput = z.object({
  slug: ZQueryText(200).min(1).describe('The post’s slug.'),
  locale: ZBlogLocaleQuery,
});

export const ZGetPostOutput = z.object({ data: ZBlogPostDetail });
export type GetPostOutput = z.infer<typeof ZGetPostOutput>;
