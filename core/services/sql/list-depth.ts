/**
 * How deep the public page-numbered lists (directory, blog) page: page x per_page at most this.
 * Their totals are exact up to it (PUBLIC_LIST_EXACT_TOTAL, at most this) and estimated beyond,
 * and a search ranks a bounded set of candidates within it, so no page costs O(matches).
 */
export const LIST_MAX_DEPTH = 10_000;

/**
 * How deep a search (the directory's and the blog's `q`, the government list's `keyword`) pages:
 * its first 1,000 matches, as the major web search APIs do. A search's deep page is an offset
 * walk that rechecks the text of every skipped row; a common word at 10,000 rows costs 250-500 ms
 * at 500,000 listings or 1,000,000 opportunities, at 1,000 a tenth of that.
 */
export const SEARCH_MAX_DEPTH = 1_000;

/** The depth of one read of a list that pages through `listMaxDepth` items: less for a search. */
export function listDepth(search: string | undefined, listMaxDepth: number = LIST_MAX_DEPTH): number {
  return isSearch(search) ? Math.min(SEARCH_MAX_DEPTH, listMaxDepth) : listMaxDepth;
}

/** An empty search text (after trimming) is no search: the lists ignore it. */
function isSearch(search: string | undefined): search is string {
  return search !== undefined && search !== '';
}

/** The validation message of a page beyond `listDepth`; `hint` says where else to look. */
export function listDepthMessage(search: string | undefined, listMaxDepth: number = LIST_MAX_DEPTH, hint = ''): string {
  const depth = listDepth(search, listMaxDepth);
  return !isSearch(search)
    ? `page x per_page must be at most ${depth}: the list pages through its first ${depth} items; narrow the filters${hint}`
    : `page x per_page must be at most ${depth} for a search: a search pages through its first ${depth} matches; use more specific words or add filters${hint}`;
}
