import { changeJobStatus as storeJobStatus } from '../../../services/workspace/jobs/job-status.query.ts';
import { workspaceWriteProcedure } from '../../../trpc.ts';
import { ZChangeJobStatusInput, ZChangeJobStatusOutput } from './change-job-status.schema.ts';

/**
 * Moves a job to another status (workspace:write; not an agent tool) and emits job.status_changed with
 * the previous status, in the write's transaction; a change the current status does not allow is 409.
 */
export const changeJobStatus = workspaceWriteProcedure
  .input(ZChangeJobStatusInput)
  .output(ZChangeJobStatusOutput)
  .mutation(({ ctx, input }) => storeJobStatus(ctx.em, ctx.businessId, input.job_id, input.status, ctx.clock.now()));
