import { cachePublicly } from '../../response-meta.ts';
import { listActiveOpportunities } from '../../services/government/list-opportunities.query.ts';
import { listPageLinks } from '../../services/government/list-links.ts';
import { governmentProcedure, skipOutputReparse } from '../../trpc.ts';
import { ZListOpportunitiesInput, ZListOpportunitiesOutput } from './list-opportunities.schema.ts';
import { findGovernmentOpportunitiesSkill } from './list-opportunities.skill.ts';
import { readPublicAnswer } from '../shared/public-read.ts';

const LIST_PATH = '/v1/government-opportunities/public';

export const listOpportunities = skipOutputReparse(
  governmentProcedure
    .meta({
      openapi: {
        method: 'GET',
        operationId: 'government-list',
        path: LIST_PATH,
        tags: ['Government opportunities'],
        summary: 'List active government opportunities',
        description:
          'Active contract opportunities (status `active` and a response deadline still ahead, or none stated), newest posted ' +
          'first, with the limited public fields. Filters combine with AND. Pages hold `per_page` items (1-50, default 20); ' +
          '`meta.has_more` and `links.next` tell whether another page exists. The list pages through its first 10,000 items ' +
          '(page x per_page at most 10000, else 400; the sitemap lists everything), a `keyword` search through its first 1,000 ' +
          'matches (page x per_page at most 1000). Cached publicly for 60 seconds. ' +
          'Rate limited per client (RateLimit and RateLimit-Policy headers; 429 beyond the budget).',
        successDescription: 'One page of active opportunities.',
        errorResponses: {
          429: 'Too many requests: the per-client budget is spent (code RATE_LIMITED); retry after Retry-After seconds.',
        },
      },
      skill: findGovernmentOpportunitiesSkill,
    })
    .input(ZListOpportunitiesInput)
    .output(ZListOpportunitiesOutput)
    .query(({ ctx, input }) =>
      readPublicAnswer(ctx, 'government', 'government.listOpportunities', input, async () => {
        const { items: data, hasMore } = await listActiveOpportunities(ctx.sql, input, ctx.clock.now());
        cachePublicly(ctx, 60);
        return {
          data,
          meta: { current_page: input.page, per_page: input.per_page, has_more: hasMore },
          links: listPageLinks(`${ctx.urls.base}${LIST_PATH}`, input, hasMore),
        };
      }),
    ),
);
