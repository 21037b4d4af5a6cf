import { cachePublicly } from '../../response-meta.ts';
import { blogSitemapPage } from '../../services/blog/sitemap.query.ts';
import { publicProcedure, skipOutputReparse } from '../../trpc.ts';
import { pageLinks, pageMeta } from '../shared/pagination.ts';
import { BLOG_SITEMAP_PER_PAGE, ZGetSitemapInput, ZGetSitemapOutput } from './get-sitemap.schema.ts';
import { readPublicAnswer } from '../shared/public-read.ts';

export const getSitemap = skipOutputReparse(
  publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        operationId: 'blog-getSitemap',
        path: '/v1/blog/sitemap',
        tags: ['Blog'],
        summary: 'Blog sitemap entries',
        description:
          'Every published post of both locales, for building sitemaps: newest first (published_at, then id, ' +
          `descending). Paged: \`page\` from 1, \`per_page\` 1 to ${BLOG_SITEMAP_PER_PAGE.maxPerPage} ` +
          `(default ${BLOG_SITEMAP_PER_PAGE.defaultPerPage}). Cached publicly for 60 seconds.`,
        successDescription: 'A page of sitemap entries.',
      },
    })
    .input(ZGetSitemapInput)
    .output(ZGetSitemapOutput)
    .query(({ ctx, input }) =>
      readPublicAnswer(ctx, 'blog', 'blog.getSitemap', input, async () => {
        const { total, items } = await blogSitemapPage(ctx.sql, input, ctx.clock.now());
        const meta = pageMeta(input, total);
        cachePublicly(ctx, 60);
        return { data: items, links: pageLinks(`${ctx.urls.base}/v1/blog/sitemap`, input, meta), meta };
      }),
    ),
);
