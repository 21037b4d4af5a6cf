import { appliedFilters, counted, firstNames } from '../../services/agent/summary.ts';
import type { SkillMeta } from '../../procedures/meta.ts';
import type { ListDirectoryListingsInput, ListDirectoryListingsOutput } from './list-listings.schema.ts';

/** directory.listListings as the A2A skill find-businesses. */
export const findBusinessesSkill: SkillMeta = {
  id: 'find-businesses',
  name: 'Find businesses',
  description:
    'Searches the public directory of field-service businesses (HVAC, plumbing, electrical, roofing, cleaning, ...). ' +
    'Arguments (all optional, combined with AND): `industry` (an industry key such as hvac or plumbing), `metro` (a ' +
    'metro key such as austin or dallas-fort-worth), `zip` (a 5-digit ZIP code), `min_rating` (0 to 5), ' +
    '`min_reviews`, `q` (search words over names, services and descriptions), `sort` (rating_desc, rating_asc, ' +
    'reviews_desc, name_asc), `page` and `per_page` (1 to 50, default 20). The keys are those of GET ' +
    '/api/v1/directory/public/filter-options. Answers one page of listings with absolute URLs, the pagination meta ' +
    '(total) and links, exactly as GET /api/v1/directory/public does, and shares its per-client rate limit.',
  tags: ['directory', 'businesses', 'contractors', 'search'],
  examples: [
    'Find plumbers in Austin',
    'HVAC companies in 78701 rated 4 stars or better',
    'Electricians in Denver with at least 20 reviews',
    'Plomeros en Houston con al menos 4 estrellas',
  ],
  summarize: (output: ListDirectoryListingsOutput, input?: ListDirectoryListingsInput) => {
    const filters = appliedFilters(input, [
      'industry',
      'metro',
      'zip',
      'postal_code',
      'min_rating',
      'min_reviews',
      'q',
    ]);
    if (output.meta.total === 0) return `No published business matches (${filters}).`;
    const page =
      output.meta.last_page > 1 ? ` This is page ${output.meta.current_page} of ${output.meta.last_page}.` : '';
    if (output.data.length === 0)
      return `Found ${output.meta.total_is_estimate ? 'about ' : ''}${counted(output.meta.total, 'business', 'businesses')} (${filters}); this page is past the last.`;
    return (
      `Found ${output.meta.total_is_estimate ? 'about ' : ''}${counted(output.meta.total, 'business', 'businesses')} (${filters}): ` +
      `${firstNames(
        output.data.map((listing) => listing.name),
        output.meta.total,
      )}.${page}`
    );
  },
};
