import { runQuery } from '../../services/sql/query.ts';
import { cachePublicly } from '../../response-meta.ts';
import {
  buildGovernmentSitemapCountQuery,
  buildGovernmentSitemapQuery,
  toGovernmentSitemapEntry,
  type GovernmentSitemapRow,
} from '../../services/government/sitemap-query.ts';
import { governmentProcedure, skipOutputReparse } from '../../trpc.ts';
import { pageMeta } from '../shared/pagination.ts';
import { ZGetSitemapInput, ZGetSitemapOutput } from './get-sitemap.schema.ts';

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
        errorResponses: { 429: 'Too many requests: the per-client budget is spent (code RATE_LIMITED); retry after Retry-After seconds.' },
      },
    })
    .input(ZGetSitemapInput)
    .output(ZGetSitemapOutput)
    .query(async ({ ctx, input }) => {
      const now = ctx.clock.now();
      const page = buildGovernmentSitemapQuery(input, now);
      const count = buildGovernmentSitemapCountQuery(now);
      const rows = await runQuery<GovernmentSitemapRow>(ctx.sql, page);
      const totals = await runQuery<{ total: number }>(ctx.sql, count);
      cachePublicly(ctx, 60);
      return { data: rows.map(toGovernmentSitemapEntry), meta: pageMeta(input, totals[0]?.total ?? 0) };
    }),
);
