/**
 * "Active" opportunity, the only kind the public list, sitemap and filter options show: status
 * `active` and a response deadline still ahead, or none stated. A notice without a deadline
 * (special notices, some sources-sought) stays open until the registry changes its status, so
 * it counts as active. The deadline half needs "now", so it is a parameter, not part of the
 * partial indexes (which cover `status = 'active'`).
 */
export const ACTIVE_CONDITION = `status = 'active' and (response_deadline is null or response_deadline > ?::timestamptz)`;

/** The parameter of ACTIVE_CONDITION. */
export function activeParams(now: Date): unknown[] {
  return [now.toISOString()];
}

/**
 * Newest posted first; the id breaks ties so that pages never overlap. Matches the partial indexes.
 * Qualified with the table alias `o` on purpose: the select lists re-emit posted_date as an ISO
 * string under the same name, and a bare ORDER BY name would sort by that string (no index).
 */
export const LIST_ORDER = 'o.posted_date desc nulls last, o.id desc';

/** The table with the alias LIST_ORDER expects. */
export const OPPORTUNITIES = 'government_opportunities o';
