import type { SkillMeta } from '../../trpc.ts';
import type { ListDirectoryListingsOutput } from './list-listings.schema.ts';

/** directory.listListings as the A2A skill find-businesses. */
export const findBusinessesSkill: SkillMeta = {
  id: 'find-businesses',
  name: 'Find businesses',
  description:
    'Searches the public directory of field-service businesses (HVAC, plumbing, electrical, roofing, ...). Filter by ' +
    'industry, metro area or ZIP code, minimum rating and review count, or search words. Answers one page of listings ' +
    'with their absolute URLs, the pagination meta and links, exactly as GET /api/v1/directory/public does.',
  tags: ['directory', 'businesses', 'search'],
  examples: ['Find plumbers in Austin', 'HVAC companies in 78701 rated 4 stars or better'],
  summarize: (output: ListDirectoryListingsOutput) =>
    `Found ${output.meta.total} business${output.meta.total === 1 ? '' : 'es'}; this page lists ${output.data.length}.`,
};
