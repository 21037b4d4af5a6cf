import { expecting } from '../../errors/validation-messages.ts';
import { z } from 'zod';

/**
 * Page-number pagination of the public lists. Query inputs coerce explicitly (the REST adapter
 * hands every query value over as a string) and reject a repeated parameter, which arrives as an array.
 */
export function ZPageQuery(options: { maxPerPage: number; defaultPerPage: number }) {
  return {
    page: z.coerce
      .number({ error: expecting('expected a whole number of at least 1') })
      .int()
      .min(1)
      .max(1_000_000)
      .default(1)
      .describe('Page number, from 1.'),
    per_page: z.coerce
      .number({ error: expecting(`expected a whole number from 1 to ${options.maxPerPage}`) })
      .int()
      .min(1)
      .max(options.maxPerPage)
      .default(options.defaultPerPage)
      .describe(`Items per page, 1 to ${options.maxPerPage} (default ${options.defaultPerPage}).`),
  };
}

export const ZPageMeta = z
  .object({
    current_page: z.number().int(),
    last_page: z.number().int().describe('The last page number; 1 when there are no items.'),
    per_page: z.number().int(),
    total: z.number().int().describe('Number of items across all pages.'),
  })
  .meta({ id: 'PaginationMeta' });

/**
 * The meta of the directory and blog lists: ZPageMeta, whose total is exact up to a bound
 * (PUBLIC_LIST_EXACT_TOTAL, default 10,000, the lists' depth limit) and the planner's estimate
 * above it, with the marker saying which.
 */
export const ZListPageMeta = ZPageMeta.extend({
  total: z
    .number()
    .int()
    .describe(
      'Number of items across all pages: exact up to 10,000; above that an estimate (`total_is_estimate` true), and `last_page` follows it.',
    ),
  total_is_estimate: z
    .boolean()
    .describe(
      'True when `total` is an estimate: more than 10,000 items match, which pages cannot reach (page x per_page at most 10000). False: `total` is exact.',
    ),
}).meta({ id: 'ListPaginationMeta' });

export const ZPageLinks = z
  .object({
    first: z.string().describe('Absolute URL of the first page.'),
    last: z.string().describe('Absolute URL of the last page.'),
    prev: z.string().nullable().describe('Absolute URL of the previous page; null on the first.'),
    next: z.string().nullable().describe('Absolute URL of the next page; null on the last.'),
  })
  .meta({ id: 'PaginationLinks' });

export type PageMeta = z.infer<typeof ZPageMeta>;
export type ListPageMeta = z.infer<typeof ZListPageMeta>;
export type PageLinks = z.infer<typeof ZPageLinks>;
