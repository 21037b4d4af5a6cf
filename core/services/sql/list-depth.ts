/**
 * How deep the public page-numbered lists (directory, blog) page: page x per_page at most this.
 * Their totals are exact up to it (PUBLIC_LIST_EXACT_TOTAL, at most this) and estimated beyond,
 * and a search ranks a bounded set of candidates within it, so no page costs O(matches).
 */
export const LIST_MAX_DEPTH = 10_000;

/** The validation message of a page beyond LIST_MAX_DEPTH. */
export const LIST_DEPTH_MESSAGE = `page x per_page must be at most ${LIST_MAX_DEPTH}: the list pages through its first ${LIST_MAX_DEPTH} items; narrow the filters`;
