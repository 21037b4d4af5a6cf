import { z } from 'zod';
import { LIST_LINK_MAX_DEPTH } from '../../services/government/list-links.ts';
import { listDepth, listDepthMessage } from '../../services/sql/list-depth.ts';
import { SUBSTRING_RULE } from '../../services/sql/substring-search.ts';
import { ZPageQuery } from '../shared/pagination.schema.ts';
import { ZGovernmentOpportunityPublic } from './opportunity.schema.ts';
import { ZText } from './text.schema.ts';

const LIST_MAX_PER_PAGE = 50;
const LIST_DEFAULT_PER_PAGE = 20;
/**
 * How deep the list pages: page x per_page at most this. The list is an offset walk of the
 * posted-date index that reads and rechecks every skipped row (350 ms at page 4999 of 100,000
 * opportunities, 630 ms with a negated keyword at page 2000); the sitemap is for reading everything.
 */
const LIST_MAX_DEPTH = LIST_LINK_MAX_DEPTH;
const STATE_MESSAGE = 'expected exactly two letters, a US state code such as TX';

/** An optional text filter: trimmed, at most `max` characters; empty means "no filter". */
function filter(max: number, description: string) {
  // The description goes on the string itself: zod-openapi documents a transformed parameter by its input side.
  return ZText(max)
    .trim()
    .describe(description)
    .transform((value) => (value === '' ? undefined : value))
    .optional();
}

export const ZListOpportunitiesInput = z
  .object({
    ...ZPageQuery({ maxPerPage: LIST_MAX_PER_PAGE, defaultPerPage: LIST_DEFAULT_PER_PAGE }),
    keyword: filter(
      200,
      'Search words: full-text match (English stemming; "quoted phrases", OR, -exclusion) over title, description, ' +
        'organization and solicitation number, or part of a solicitation number. ' +
        SUBSTRING_RULE,
    ),
    state: z
      .string()
      .length(2, { message: STATE_MESSAGE })
      .regex(/^[A-Za-z]{2}$/, { message: STATE_MESSAGE })
      .describe('Two-letter state code of the place of performance, case-insensitive (e.g. `TX`).')
      .transform((value) => value.toUpperCase())
      .optional(),
    category: filter(100, 'Trade category, exact (e.g. `hvac`, `plumbing`, `janitorial`, `landscaping`).'),
    naics: filter(20, 'NAICS code, exact (e.g. `238220`).'),
    psc: ZText(20)
      .trim()
      .describe('Product service code prefix, case-insensitive: `J0` matches J041, J045, ...')
      .transform((value) => (value === '' ? undefined : value.toUpperCase()))
      .optional(),
    set_aside: filter(200, 'Set-aside, exact: its code (e.g. `SBA`) or its description.'),
  })
  .superRefine((input, issues) => {
    if (input.page * input.per_page > listDepth(input.keyword, LIST_MAX_DEPTH)) {
      issues.addIssue({
        code: 'custom',
        path: ['page'],
        message: listDepthMessage(input.keyword, LIST_MAX_DEPTH, ', or read /sitemap'),
      });
    }
  });

const ZGovernmentOpportunityListMeta = z
  .object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    has_more: z.boolean().describe('True when a next page exists.'),
  })
  .describe(
    'Where this page is. The list is not counted (it changes as deadlines pass); follow links.next until it is null.',
  )
  .meta({ id: 'GovernmentOpportunityListMeta' });

const ZGovernmentOpportunityListLinks = z
  .object({
    prev: z.string().nullable().describe('Absolute URL of the previous page; null on the first.'),
    next: z
      .string()
      .nullable()
      .describe(
        `Absolute URL of the next page; null on the last, and at the depth limit (page x per_page at most ${LIST_LINK_MAX_DEPTH}).`,
      ),
  })
  .meta({ id: 'GovernmentOpportunityListLinks' });

export const ZListOpportunitiesOutput = z.object({
  data: z.array(ZGovernmentOpportunityPublic),
  meta: ZGovernmentOpportunityListMeta,
  links: ZGovernmentOpportunityListLinks,
});
export type ListOpportunitiesOutput = z.infer<typeof ZListOpportunitiesOutput>;
