import { COUNT_GOVERNMENT_OPPORTUNITIES_SQL } from '../../services/government/insert-opportunities.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZCountOpportunitiesInput, ZCountOpportunitiesOutput } from './count-opportunities.schema.ts';

/** How many opportunities are stored (all statuses): where seeding continues the sequence. */
export const countOpportunities = systemProcedure
  .input(ZCountOpportunitiesInput)
  .output(ZCountOpportunitiesOutput)
  .query(async ({ ctx }) => {
    const rows = (await ctx.em.getConnection().execute(COUNT_GOVERNMENT_OPPORTUNITIES_SQL, [], 'all')) as Array<{ total: number }>;
    return { total: rows[0]?.total ?? 0 };
  });
