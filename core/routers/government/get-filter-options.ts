import { cachePublicly } from '../../response-meta.ts';
import { FILTER_OPTIONS_LIMIT, governmentFilterOptions } from '../../services/government/filter-options.query.ts';
import { governmentProcedure, skipOutputReparse } from '../../trpc.ts';
import { ZGetFilterOptionsInput, ZGetFilterOptionsOutput } from './get-filter-options.schema.ts';
import { readPublicAnswer } from '../shared/public-read.ts';

export const getFilterOptions = skipOutputReparse(
  governmentProcedure
    .meta({
      openapi: {
        method: 'GET',
        operationId: 'government-filterOptions',
        path: '/v1/government-opportunities/public/filter-options',
        tags: ['Government opportunities'],
        summary: 'Filter options of the opportunity list',
        description:
          `The NAICS and product service codes (PSC) of the active opportunities, each with a label and the number of active ` +
          `opportunities carrying it, most frequent first (ties by code), at most ${FILTER_OPTIONS_LIMIT} of each. Use a ` +
          "`code` as the list's `naics` or `psc` parameter. Computed at most once a minute per server instance; cached " +
          'publicly for 60 seconds. Rate limited per client.',
        successDescription: 'The NAICS and PSC codes in use.',
        errorResponses: {
          429: 'Too many requests: the per-client budget is spent (code RATE_LIMITED); retry after Retry-After seconds.',
        },
      },
    })
    .input(ZGetFilterOptionsInput)
    .output(ZGetFilterOptionsOutput)
    .query(({ ctx }) =>
      readPublicAnswer(ctx, 'government', 'government.getFilterOptions', undefined, async () => {
        const now = ctx.clock.now();
        // The connection is the shared pool, not this request's: concurrent requests may await this one load.
        const data = await ctx.services.caches.governmentFilterOptions.get(now.getTime(), () =>
          governmentFilterOptions(ctx.sql, now),
        );
        cachePublicly(ctx, 60);
        return { data };
      }),
    ),
);
