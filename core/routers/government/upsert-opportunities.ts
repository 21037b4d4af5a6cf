import { upsertOpportunityRecords } from '../../services/government/upsert-opportunities.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZUpsertOpportunitiesInput, ZUpsertOpportunitiesOutput } from './upsert-opportunities.schema.ts';

/**
 * Upserts mapped SAM.gov notices by notice id in one statement (the CSV extract's import, in batches
 * of up to 1,000), then forgets the cached filter options and router vocabulary. System callers only.
 */
export const upsertOpportunities = systemProcedure
  .input(ZUpsertOpportunitiesInput)
  .output(ZUpsertOpportunitiesOutput)
  .mutation(async ({ ctx, input }) => {
    const counts = await upsertOpportunityRecords(ctx.em, input.opportunities);
    if (counts.inserted + counts.updated > 0) {
      ctx.services.caches.governmentFilterOptions.invalidate();
      ctx.services.caches.routerVocabulary.invalidate();
      ctx.services.caches.publicReads.invalidate('government');
    }
    return counts;
  });
