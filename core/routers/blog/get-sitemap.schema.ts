import { z } from 'zod';
import { BLOG_LOCALES } from '../../services/blog/locale.ts';
import { ZPageLinks, ZPageMeta, ZPageQuery } from '../shared/pagination.schema.ts';

export const BLOG_SITEMAP_PER_PAGE = { defaultPerPage: 1000, maxPerPage: 1000 };

export const ZGetSitemapInput = z.object({ ...ZPageQuery(BLOG_SITEMAP_PER_PAGE) });

const ZBlogSitemapRow = z
  .object({
    slug: z.string(),
    locale: z.enum(BLOG_LOCALES),
    published_at: z.iso.datetime().nullable().describe('When the post was published (ISO 8601, UTC).'),
    last_modified: z.iso
      .datetime()
      .nullable()
      .describe('The later of its last edit and its publication (ISO 8601, UTC).'),
  })
  .meta({ id: 'BlogSitemapRow' });

export const ZGetSitemapOutput = z.object({
  data: z.array(ZBlogSitemapRow),
  links: ZPageLinks,
  meta: ZPageMeta,
});
