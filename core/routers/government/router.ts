import { router } from '../../trpc.ts';
import { countOpportunities } from './count-opportunities.ts';
import { getFilterOptions } from './get-filter-options.ts';
import { getSyncStatus } from './get-sync-status.ts';
import { getOpportunity } from './get-opportunity.ts';
import { getSitemap } from './get-sitemap.ts';
import { insertOpportunities } from './insert-opportunities.ts';
import { listOpportunities } from './list-opportunities.ts';
import { refreshStatistics } from './refresh-statistics.ts';
import { releaseSync } from './release-sync.ts';
import { syncOpportunities } from './sync-opportunities.ts';
import { upsertOpportunities } from './upsert-opportunities.ts';

/**
 * Order matters: the REST adapter takes the first procedure whose path matches, so the static
 * paths (filter-options, sitemap) come before `/{identifier}`.
 */
export const governmentRouter = router({
  listOpportunities,
  getFilterOptions,
  getSitemap,
  getOpportunity,
  // System only (seeding, imports): no REST mapping.
  insertOpportunities,
  countOpportunities,
  refreshStatistics,
  upsertOpportunities,
  // System only (the SAM.gov sync: the worker's schedule, the admin commands).
  syncOpportunities,
  releaseSync,
  getSyncStatus,
});
