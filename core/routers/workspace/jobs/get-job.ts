import { loadJob } from '../../../services/workspace/jobs/job-detail.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetJobInput, ZGetJobOutput } from './get-job.schema.ts';

export const getJob = tenantProcedure
  .meta({
    tool: {
      name: 'get-job',
      title: 'Get job',
      access: 'read',
      description: 'One job with customer, property, type, assignees, line items, visits, tax rate and totals.',
    },
  })
  .input(ZGetJobInput)
  .output(ZGetJobOutput)
  .query(({ ctx, input }) => loadJob(ctx.em, ctx.businessId, input.job_id));
