import { z } from 'zod';
import { ZPageMeta, ZPageQuery } from '../shared/pagination.schema.ts';
import { ZGovernmentOpportunitySitemapEntry } from './opportunity.schema.ts';

export const ZGetSitemapInput = z.object(ZPageQuery({ maxPerPage: 1000, defaultPerPage: 500 }));

export const ZGetSitemapOutput = z.object({
  data: z.array(ZGovernmentOpportunitySitemapEntry),
  meta: ZPageMeta,
});
