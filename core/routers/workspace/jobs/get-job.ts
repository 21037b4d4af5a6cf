import { loadJob } from '../../../services/workspace/jobs/job-detail.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetJobInput, ZGetJobOutput } from './get-job.schema.ts';

export const getJob = tenantProcedure
  .meta({
    tool: {
      name: 'get-job',
      title: 'Get job',
      access: 'read',
      toolset: 'jobs',
      description:
        'Everything about one job: customer, property address, job type, status and priority, planned window, assigned team members, all line items, visits, tax rate and totals ' +
        '(subtotal, tax, total in minor units with currency). Use after list-jobs or list-unscheduled-jobs; list-job-notes and list-job-attachments have the rest.',
    },
  })
  .input(ZGetJobInput)
  .output(ZGetJobOutput)
  .query(({ ctx, input }) => loadJob(ctx.em, ctx.businessId, input.job_id));
