import { updateJob as storeJobChanges } from '../../../services/workspace/jobs/update-job.query.ts';
import { workspaceWriteProcedure } from '../../../trpc.ts';
import { ZUpdateJobInput, ZUpdateJobOutput } from './update-job.schema.ts';

/**
 * Changes a job's title, description, priority, job type, property and assignees (workspace:write;
 * not an agent tool). Emits job.updated in the write's transaction when something changed.
 */
export const updateJob = workspaceWriteProcedure
  .input(ZUpdateJobInput)
  .output(ZUpdateJobOutput)
  .mutation(({ ctx, input }) =>
    storeJobChanges(
      ctx.em,
      ctx.businessId,
      input.job_id,
      {
        title: input.title,
        description: input.description,
        priority: input.priority,
        job_type_id: input.job_type_id,
        property_id: input.property_id,
        assigneeIds: input.assigned_team_member_ids,
      },
      ctx.clock.now(),
    ),
  );
