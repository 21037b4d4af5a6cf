import { expecting } from '../../errors/validation-messages.ts';
import { z } from 'zod';
import { directorySorts } from '../../services/directory/types.ts';
import { refuseNul } from '../../services/sql/no-nul.ts';
import { SUBSTRING_RULE } from '../../services/sql/substring-search.ts';
import { listDepth, listDepthMessage } from '../../services/sql/list-depth.ts';
import { ZListPageMeta, ZPageLinks, ZPageQuery } from '../shared/pagination.schema.ts';
import { ZDirectoryListingPublic } from './directory-listing.schema.ts';

/**
 * A bounded text filter; surrounding space is ignored, NUL (which PostgreSQL cannot store) rejected.
 * An example is what the API reference's "Try it out" fills in: only where the examples together
 * still find listings (a trade and a metro), not on every filter.
 */
function textFilter(max: number, description: string, example?: string) {
  return z
    .string()
    .trim()
    .max(max)
    .check(refuseNul('must not contain NUL characters'))
    .meta({ description, ...(example === undefined ? {} : { examples: [example] }) })
    .optional();
}

export const ZListDirectoryListingsInput = z
  .object({
    zip: textFilter(
      20,
      'Only listings with this postal (ZIP) code. Same as `postal_code`; give one, or both with the same value.',
    ),
    postal_code: textFilter(20, 'Only listings with this postal (ZIP) code. Same as `zip`.'),
    industry: textFilter(
      100,
      'Only listings of this trade: an `industry_key` (see filter-options), e.g. hvac.',
      'hvac',
    ),
    metro: textFilter(
      100,
      'Only listings in this metro area: a `metro_key` (see filter-options), e.g. austin.',
      'austin',
    ),
    q: textFilter(
      200,
      'Search: whole words (stemmed, all must match) in the name, services and descriptions, or the text anywhere in the name (partial words). ' +
        SUBSTRING_RULE,
    ),
    min_rating: z.coerce
      .number({ error: expecting('expected a number from 0 to 5') })
      .min(0)
      .max(5)
      .describe(
        'Only listings rated at least this (0 to 5). Above 0 it leaves out unrated listings; 0 means no restriction.',
      )
      .optional(),
    min_reviews: z.coerce
      .number({ error: expecting('expected a whole number of at least 0') })
      .int()
      .min(0)
      .max(2_147_483_647)
      .describe('Only listings with at least this many reviews.')
      .optional(),
    sort: z
      .enum(directorySorts)
      .describe(
        'Order. rating_desc: rating high to low (unrated last), then review_count high to low, name, id. ' +
          'rating_asc: rating low to high (unrated last), then review_count high to low, name, id. ' +
          'reviews_desc: review_count high to low, then rating high to low (unrated last), name, id. ' +
          'name_asc: name (byte order), then id. Default: relevance to `q` (then as rating_desc) when `q` is given, else rating_desc. ' +
          'Relevance ranks the first 1,000 matches in rating_desc order, the matches a search pages through.',
      )
      .optional(),
    ...ZPageQuery({ maxPerPage: 50, defaultPerPage: 20 }),
  })
  .superRefine((input, issues) => {
    // Two spellings of one filter: different values are a contradiction, not an empty AND.
    // One problem, one issue (named on the second spelling), not the same sentence under both names.
    if (input.zip && input.postal_code && input.zip !== input.postal_code) {
      issues.addIssue({
        code: 'custom',
        path: ['postal_code'],
        message: `zip and postal_code mean the same filter, and were given different values (${JSON.stringify(input.zip)} and ${JSON.stringify(input.postal_code)}); give one, or both with the same value`,
      });
    }
    if (input.page * input.per_page > listDepth(input.q)) {
      issues.addIssue({ code: 'custom', path: ['page'], message: listDepthMessage(input.q) });
    }
  });

export const ZListDirectoryListingsOutput = z.object({
  data: z.array(ZDirectoryListingPublic),
  meta: ZListPageMeta,
  links: ZPageLinks,
});

export type ListDirectoryListingsInput = z.infer<typeof ZListDirectoryListingsInput>;
export type ListDirectoryListingsOutput = z.infer<typeof ZListDirectoryListingsOutput>;
