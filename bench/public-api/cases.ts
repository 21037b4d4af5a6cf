import type { SiteUrls } from '../../core/context.ts';
import { toDirectoryListQuery } from '../../core/routers/directory/list-listings.ts';
import { listPageMeta, pageLinks } from '../../core/routers/shared/pagination.ts';
import { LIST_MAX_DEPTH } from '../../core/services/sql/list-depth.ts';
import {
  buildListBlogPostsQuery,
  toBlogPostList,
  type BlogPostListRow,
} from '../../core/services/blog/list-posts.query.ts';
import {
  buildGetDirectoryListingQuery,
  toDirectoryListingDetail,
} from '../../core/services/directory/get-listing.query.ts';
import type { DirectoryListingRow } from '../../core/services/directory/listing-row.ts';
import {
  buildListDirectoryListingsQuery,
  toDirectoryListingList,
  type DirectoryListRow,
} from '../../core/services/directory/list-listings.query.ts';
import type { DirectorySort } from '../../core/services/directory/types.ts';
import { listPageLinks } from '../../core/services/government/list-links.ts';
import {
  buildGovernmentOpportunityListQuery,
  toGovernmentOpportunityPublic,
  type GovernmentOpportunityPublicRow,
} from '../../core/services/government/list-opportunities.query.ts';
import type { SqlQuery } from '../../core/services/sql/query.ts';

/** What the baseline needs to answer one benchmark request exactly as the service does. */
export interface BenchCase {
  name: string;
  /** The per-client budget (the rate limiter's policy name) the procedure counts the request against, if any. */
  budget?: 'gov' | 'public-list';
  /** Path and query of the request, under {site_url}. */
  path: string;
  /** The same SQL the procedure builds for this request. */
  query(params: URLSearchParams, now: Date): SqlQuery;
  /** The same JSON document the procedure answers, from the rows. */
  respond(rows: unknown[], params: URLSearchParams, urls: SiteUrls): unknown;
}

const int = (value: string | null, fallback: number) => (value === null ? fallback : Number(value));
const text = (value: string | null) => (value === null || value === '' ? undefined : value);

function directoryInput(params: URLSearchParams) {
  return {
    zip: text(params.get('zip')),
    postal_code: text(params.get('postal_code')),
    industry: text(params.get('industry')),
    metro: text(params.get('metro')),
    q: text(params.get('q')),
    min_rating: params.has('min_rating') ? Number(params.get('min_rating')) : undefined,
    min_reviews: params.has('min_reviews') ? Number(params.get('min_reviews')) : undefined,
    sort: (text(params.get('sort')) ?? undefined) as DirectorySort | undefined,
    page: int(params.get('page'), 1),
    per_page: int(params.get('per_page'), 20),
  };
}

function governmentInput(params: URLSearchParams) {
  return {
    page: int(params.get('page'), 1),
    per_page: int(params.get('per_page'), 20),
    keyword: text(params.get('keyword')),
    state: text(params.get('state'))?.toUpperCase(),
    category: text(params.get('category')),
    naics: text(params.get('naics')),
    psc: text(params.get('psc')),
    set_aside: text(params.get('set_aside')),
  };
}

function blogInput(params: URLSearchParams) {
  // In the input schema's key order: the page links list the parameters in it.
  return {
    page: int(params.get('page'), 1),
    per_page: int(params.get('per_page'), 15),
    locale: (text(params.get('locale')) ?? 'en-US') as 'en-US' | 'es-US',
    category: text(params.get('category')),
    tag: text(params.get('tag')),
    q: text(params.get('q')),
  };
}

/** The four requests of the issue: two filtered lists, a text search, one detail. */
export function benchCases(detailSlug: string): BenchCase[] {
  return [
    {
      name: 'directory list (industry, metro, rating_desc)',
      budget: 'public-list',
      path: '/api/v1/directory/public?industry=hvac&metro=austin&sort=rating_desc&per_page=20',
      query: (params, now) => buildListDirectoryListingsQuery(toDirectoryListQuery(directoryInput(params)), now),
      respond(rows, params, urls) {
        const input = directoryInput(params);
        // These cases match fewer than LIST_MAX_DEPTH rows: their totals are exact (no estimate query).
        const { data, counted } = toDirectoryListingList(rows as DirectoryListRow[], urls);
        const meta = listPageMeta(input, { total: counted, estimate: false });
        return { data, meta, links: pageLinks(`${urls.base}/v1/directory/public`, input, meta, LIST_MAX_DEPTH) };
      },
    },
    {
      name: 'opportunity list (keyword)',
      budget: 'gov',
      path: '/api/v1/government-opportunities/public?keyword=hvac%20maintenance',
      query: (params, now) => buildGovernmentOpportunityListQuery(governmentInput(params), now),
      respond(rows, params, urls) {
        const input = governmentInput(params);
        const hasMore = rows.length > input.per_page;
        const page = (hasMore ? rows.slice(0, input.per_page) : rows) as GovernmentOpportunityPublicRow[];
        return {
          data: page.map(toGovernmentOpportunityPublic),
          meta: { current_page: input.page, per_page: input.per_page, has_more: hasMore },
          links: listPageLinks(`${urls.base}/v1/government-opportunities/public`, input, hasMore),
        };
      },
    },
    {
      name: 'blog list (q)',
      budget: 'public-list',
      path: '/api/v1/blog/posts?q=maintenance',
      query: (params, now) => buildListBlogPostsQuery(blogInput(params), now),
      respond(rows, params, urls) {
        const input = blogInput(params);
        const { counted, items } = toBlogPostList(rows as BlogPostListRow[], urls);
        const meta = listPageMeta(input, { total: counted, estimate: false });
        return { data: items, links: pageLinks(`${urls.base}/v1/blog/posts`, input, meta, LIST_MAX_DEPTH), meta };
      },
    },
    {
      name: 'directory detail',
      path: `/api/v1/directory/public/${detailSlug}`,
      query: (_params, now) => buildGetDirectoryListingQuery(detailSlug, now),
      respond: (rows, _params, urls) => ({ data: toDirectoryListingDetail(rows as DirectoryListingRow[], urls) }),
    },
  ];
}
