import type { DateTime } from 'luxon';
import type { SqlSource } from '../../sql/query.ts';
import { memberVisitCounts } from './busy-periods.query.ts';

/**
 * What one page may carry: its members come in name order until the next one's visits would pass
 * this many (the first always comes). A week of 25 busy members is thousands of visits, and an
 * answer's cost is its visits; `limit` alone bounds members, not work.
 */
export const SCHEDULE_PAGE_VISITS = 500;

// Members counted per query: a page of busy members is found after one or two, one of idle members after a few.
const COUNT_CHUNK = 5;

/**
 * The leading candidates (in page order) whose visits in the range fit in SCHEDULE_PAGE_VISITS, at
 * least one. Counts a few members at a time, each stopped at what is left of the budget, so what it
 * reads is about the page's own visits, not every candidate's.
 */
export async function withinVisitBudget<Member extends { id: string }>(
  em: SqlSource,
  businessId: string,
  candidates: Member[],
  range: { start: DateTime; end: DateTime },
): Promise<Member[]> {
  if (candidates.length <= 1) return candidates;
  const from = range.start.toJSDate();
  const to = range.end.toJSDate();
  let taken = 0;
  let visits = 0;
  while (taken < candidates.length) {
    // The first member comes whatever its count, so the first query counts it beside a whole chunk.
    const chunk = candidates.slice(taken, taken + COUNT_CHUNK + (taken === 0 ? 1 : 0));
    const ids = chunk.map((member) => member.id);
    const counts = await memberVisitCounts(em, businessId, ids, from, to, SCHEDULE_PAGE_VISITS - visits + 1);
    for (const member of chunk) {
      visits += counts.get(member.id) ?? 0;
      if (taken > 0 && visits > SCHEDULE_PAGE_VISITS) return candidates.slice(0, taken);
      taken += 1;
    }
  }
  return candidates;
}
