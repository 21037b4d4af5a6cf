import { checkScheduleWindow } from '../../../services/workspace/jobs/schedule-window.ts';
import { scheduleVisit as bookVisit } from '../../../services/workspace/scheduling/schedule-visit.query.ts';
import { workspaceWriteProcedure } from '../../../trpc.ts';
import { ZScheduleVisitInput, ZScheduleVisitOutput } from './schedule-visit.schema.ts';

/**
 * Books a visit for a job (workspace:write; not an agent tool) and answers it as get-visit shows it.
 * Emits visit.created, and job.status_changed when the job was unscheduled, in the write's transaction.
 */
export const scheduleVisit = workspaceWriteProcedure
  .input(ZScheduleVisitInput)
  .output(ZScheduleVisitOutput)
  .mutation(({ ctx, input }) => {
    const now = ctx.clock.now();
    return bookVisit(ctx.em, ctx.businessId, {
      jobId: input.job_id,
      window: checkScheduleWindow(input.schedule, now),
      assigneeIds: input.assigned_team_member_ids ?? [],
      notes: input.notes || null,
      now,
    });
  });
