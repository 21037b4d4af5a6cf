import { insertGovernmentOpportunities } from '../../services/government/insert-opportunities.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZInsertOpportunitiesInput, ZInsertOpportunitiesOutput } from './insert-opportunities.schema.ts';

/**
 * Stores the given opportunities (the seed script's generated batches, imports) in one statement,
 * after the labels of their codes, and forgets the cached filter options. System callers only.
 */
export const insertOpportunities = systemProcedure
  .input(ZInsertOpportunitiesInput)
  .output(ZInsertOpportunitiesOutput)
  .mutation(async ({ ctx, input }) => {
    const inserted = await insertGovernmentOpportunities(ctx.em, input.opportunities, input.classification_codes);
    ctx.services.caches.governmentFilterOptions.invalidate();
    ctx.services.caches.routerVocabulary.invalidate();
    ctx.services.caches.publicReads.invalidate('government');
    return { inserted };
  });
