import { syncStep } from '../../services/government/sam/sync.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZSyncOpportunitiesInput, ZSyncOpportunitiesOutput } from './sync-opportunities.schema.ts';

/**
 * One step of the SAM.gov sync (core/services/government/sam/sync.ts): the worker's schedule and
 * `npm run admin -- sync-government-opportunities` call it again while it answers `running`. System only.
 */
export const syncOpportunities = systemProcedure
  .input(ZSyncOpportunitiesInput)
  .output(ZSyncOpportunitiesOutput)
  .mutation(({ ctx, input }) =>
    syncStep(ctx, {
      holder: input.holder,
      since: input.since,
      dryRun: input.dry_run,
      maxRequests: input.max_requests,
      pageSize: input.page_size,
      descriptions: input.descriptions,
    }),
  );
