import { countGovernmentOpportunities } from '../../services/government/count-opportunities.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZCountOpportunitiesInput, ZCountOpportunitiesOutput } from './count-opportunities.schema.ts';

/** How many opportunities are stored (all statuses): where seeding continues the sequence. */
export const countOpportunities = systemProcedure
  .input(ZCountOpportunitiesInput)
  .output(ZCountOpportunitiesOutput)
  .query(async ({ ctx }) => ({ total: await countGovernmentOpportunities(ctx.em) }));
