import { findBusinessWhere } from '../../services/accounts/businesses.query.ts';
import { countCustomersAndJobs } from '../../services/demo/workspace-counts.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZCountDemoWorkspaceRowsInput, ZCountDemoWorkspaceRowsOutput } from './count-demo-workspace-rows.schema.ts';

/** How many customers and jobs a demo business holds (scripts only): where the scale seeder continues. */
export const countDemoWorkspaceRows = systemProcedure
  .input(ZCountDemoWorkspaceRowsInput)
  .output(ZCountDemoWorkspaceRowsOutput)
  .query(async ({ ctx, input }) => {
    const business = await findBusinessWhere(ctx.em, { slug: input.business_slug });
    if (!business) return { business_id: null, customers: 0, jobs: 0 };
    return { business_id: business.id, ...(await countCustomersAndJobs(ctx.em, business.id)) };
  });
