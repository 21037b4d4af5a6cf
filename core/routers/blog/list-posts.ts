import { cachePublicly } from '../../response-meta.ts';
import { listBlogPosts } from '../../services/blog/list-posts.query.ts';
import { publicListProcedure, skipOutputReparse } from '../../trpc.ts';
import { listDepth } from '../../services/sql/list-depth.ts';
import { listPageMeta, pageLinks } from '../shared/pagination.ts';
import { BLOG_POSTS_PER_PAGE, ZListPostsInput, ZListPostsOutput } from './list-posts.schema.ts';
import { findBlogPostsSkill } from './list-posts.skill.ts';
import { readPublicAnswer } from '../shared/public-read.ts';

export const listPosts = skipOutputReparse(
  publicListProcedure
    .meta({
      openapi: {
        method: 'GET',
        operationId: 'blog-listPosts',
        path: '/v1/blog/posts',
        tags: ['Blog'],
        summary: 'List published blog posts',
        description:
          'Published posts of one locale, newest first (published_at, then id, descending). With `q`, only posts ' +
          'matching the full-text search, most relevant first (ts_rank, over the 200 newest matches; further matches follow ' +
          'newest first), then newest. Filters combine with AND; an ' +
          `empty filter is ignored. Paged: \`page\` from 1, \`per_page\` 1 to ${BLOG_POSTS_PER_PAGE.maxPerPage} ` +
          `(default ${BLOG_POSTS_PER_PAGE.defaultPerPage}); a page past the last is empty. The list pages through its first ` +
          '10,000 posts, a search (`q`) through its first 1,000 matches (page x per_page at most 10000, or 1000 with `q`; else 400); `meta.total` is exact up to 10,000 and an estimate above ' +
          '(`meta.total_is_estimate`). Cached publicly for 60 seconds. ' +
          'Rate limited per client together with the directory list (RateLimit and RateLimit-Policy headers; 429 beyond the budget).',
        successDescription: 'A page of posts with absolute links to the neighbouring pages.',
        errorResponses: {
          429: 'Too many requests: the per-client budget is spent (code RATE_LIMITED); retry after Retry-After seconds.',
        },
      },
      skill: findBlogPostsSkill,
    })
    .input(ZListPostsInput)
    .output(ZListPostsOutput)
    .query(({ ctx, input }) =>
      readPublicAnswer(ctx, 'blog', 'blog.listPosts', input, async () => {
        const { items, ...total } = await listBlogPosts(
          ctx.sql,
          input,
          ctx.clock.now(),
          ctx.urls,
          ctx.services.publicLists.exactTotal,
        );
        const meta = listPageMeta(input, total);
        cachePublicly(ctx, 60);
        return {
          data: items,
          links: pageLinks(`${ctx.urls.base}/v1/blog/posts`, input, meta, listDepth(input.q)),
          meta,
        };
      }),
    ),
);
