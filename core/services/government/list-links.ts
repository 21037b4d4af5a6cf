import type { GovernmentOpportunityListInput } from './list-opportunities.query.ts';
import { listDepth } from '../sql/list-depth.ts';

/** The list's depth limit (LIST_MAX_DEPTH of its schema; a keyword search's is lower): no link points past it. */
export const LIST_LINK_MAX_DEPTH = 10_000;

/**
 * Absolute URLs of the neighbouring list pages, keeping the caller's filters (normalised: state
 * and psc upper-cased, empty ones dropped) so that following them gives a stable sequence.
 * `next` is null on the last page and at the depth limit (a keyword search's is lower: listDepth),
 * where has_more may still be true.
 */
export function listPageLinks(
  url: string,
  input: GovernmentOpportunityListInput,
  hasMore: boolean,
): { prev: string | null; next: string | null } {
  const at = (page: number) => {
    const params = new URLSearchParams();
    for (const key of ['keyword', 'state', 'category', 'naics', 'psc', 'set_aside'] as const) {
      const value = input[key];
      if (value !== undefined) params.set(key, value);
    }
    params.set('page', String(page));
    params.set('per_page', String(input.per_page));
    return `${url}?${params.toString()}`;
  };
  return {
    prev: input.page > 1 ? at(input.page - 1) : null,
    next:
      hasMore && (input.page + 1) * input.per_page <= listDepth(input.keyword, LIST_LINK_MAX_DEPTH)
        ? at(input.page + 1)
        : null,
  };
}
