import { cachePublicly } from '../../response-meta.ts';
import { governmentSitemapPage } from '../../services/government/sitemap.query.ts';
import { governmentProcedure, skipOutputReparse } from '../../trpc.ts';
import { pageMeta } from '../shared/pagination.ts';
import { ZGetSitemapInput, ZGetSitemapOutput } from './get-sitemap.schema.ts';
import { readPublicAnswer } from '../shared/public-read.ts';

export const getSitemap = skipOutputReparse(
  governmentProcedure
    .meta({
      openapi: {
        method: 'GET',
        operationId: 'government-sitemap',
        path: '/v1/government-opportunities/public/sitemap',
        tags: ['Government opportunities'],
        summary: 'Sitemap of active opportunities',
        description:
          'The slug and dates of every active opportunity, newest posted first, for building a sitemap: `per_page` 1-1000, ' +
          'default 500; `meta` gives the number of pages and entries. `last_modified` is when the record last changed. Cached publicly for ' +
          '60 seconds. Rate limited per client.',
        successDescription: 'One page of sitemap entries.',
        errorResponses: {
          429: 'Too many requests: the per-client budget is spent (code RATE_LIMITED); retry after Retry-After seconds.',
        },
      },
    })
    .input(ZGetSitemapInput)
    .output(ZGetSitemapOutput)
    .query(({ ctx, input }) =>
      readPublicAnswer(ctx, 'government', 'government.getSitemap', input, async () => {
        const { items, total } = await governmentSitemapPage(ctx.sql, input, ctx.clock.now());
        cachePublicly(ctx, 60);
        return { data: items, meta: pageMeta(input, total) };
      }),
    ),
);
