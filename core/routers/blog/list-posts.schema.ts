import { z } from 'zod';
import { listDepth, listDepthMessage } from '../../services/sql/list-depth.ts';
import { ZListPageMeta, ZPageLinks, ZPageQuery } from '../shared/pagination.schema.ts';
import { ZBlogLocaleQuery, ZBlogPostPublic, ZQueryText } from './blog-post.schema.ts';

export const BLOG_POSTS_PER_PAGE = { defaultPerPage: 15, maxPerPage: 50 };

export const ZListPostsInput = z
  .object({
    ...ZPageQuery(BLOG_POSTS_PER_PAGE),
    locale: ZBlogLocaleQuery,
    category: ZQueryText(100)
      .describe('Only posts of this category, spelled exactly as /v1/blog/posts/categories lists it.')
      .optional(),
    tag: ZQueryText(100).describe('Only posts carrying this tag (case-insensitive).').optional(),
    q: ZQueryText(200)
      .describe(
        'Full-text search over title, excerpt and body in the locale’s language (web-search syntax: "quoted phrase", or, -excluded); results ranked by relevance (among the 200 newest matches; further matches follow newest first). Whole words only, never parts of words (a short text does not match inside longer words).',
      )
      .optional(),
  })
  .superRefine((input, issues) => {
    if (input.page * input.per_page > listDepth(input.q)) {
      issues.addIssue({ code: 'custom', path: ['page'], message: listDepthMessage(input.q) });
    }
  });

export const ZListPostsOutput = z.object({
  data: z.array(ZBlogPostPublic),
  links: ZPageLinks,
  meta: ZListPageMeta,
});
export type ListPostsOutput = z.infer<typeof ZListPostsOutput>;
