import { cachePublicly } from '../../response-meta.ts';
import { listPublishedListings } from '../../services/directory/list-listings.query.ts';
import type { DirectoryListQuery } from '../../services/directory/types.ts';
import { publicListProcedure, skipOutputReparse } from '../../trpc.ts';
import { listDepth } from '../../services/sql/list-depth.ts';
import { listPageMeta, pageLinks } from '../shared/pagination.ts';
import {
  ZListDirectoryListingsInput,
  ZListDirectoryListingsOutput,
  type ListDirectoryListingsInput,
} from './list-listings.schema.ts';
import { findBusinessesSkill } from './list-listings.skill.ts';
import { readPublicAnswer } from '../shared/public-read.ts';

const PATH = '/v1/directory/public';

/** A blank text filter is no filter. */
const present = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

export function toDirectoryListQuery(input: ListDirectoryListingsInput): DirectoryListQuery {
  return {
    postal_code: present(input.postal_code) ?? present(input.zip),
    industry: present(input.industry),
    metro: present(input.metro),
    q: present(input.q),
    min_rating: input.min_rating,
    min_reviews: input.min_reviews,
    sort: input.sort,
    page: input.page,
    per_page: input.per_page,
  };
}

export const listListings = skipOutputReparse(
  publicListProcedure
    .meta({
      openapi: {
        method: 'GET',
        operationId: 'directory-list',
        path: PATH,
        tags: ['Directory'],
        summary: 'List published businesses',
        description:
          'Published directory listings, filtered and paged. Filters combine with AND; `zip` and `postal_code` are the same ' +
          'filter (different values for both: 400). Every sort ends in name and id, so pages are stable. A page past the last ' +
          'is empty, with the total in meta. The list pages through its first 10,000 items, a search (`q`) through its first 1,000 ' +
          'matches (page x per_page at most 10000, or 1000 with `q`; else 400); `meta.total` is exact up to 10,000 and an estimate above (`meta.total_is_estimate`). A search ranks its ' +
          'first 1,000 matches by rating (relevance order). Cached publicly for 60 seconds. Rate limited per client together with the blog list ' +
          '(RateLimit and RateLimit-Policy headers; 429 beyond the budget).',
        successDescription: 'One page of listings, the pagination meta and links to the neighbouring pages.',
        errorResponses: {
          429: 'Too many requests: the per-client budget is spent (code RATE_LIMITED); retry after Retry-After seconds.',
        },
      },
      skill: findBusinessesSkill,
    })
    .input(ZListDirectoryListingsInput)
    .output(ZListDirectoryListingsOutput)
    .query(({ ctx, input }) =>
      readPublicAnswer(ctx, 'directory', 'directory.listListings', input, async () => {
        const { data, ...total } = await listPublishedListings(
          ctx.sql,
          toDirectoryListQuery(input),
          ctx.clock.now(),
          ctx.urls,
          ctx.services.publicLists.exactTotal,
        );
        const meta = listPageMeta(input, total);
        cachePublicly(ctx, 60);
        return { data, meta, links: pageLinks(`${ctx.urls.base}${PATH}`, input, meta, listDepth(input.q)) };
      }),
    ),
);
