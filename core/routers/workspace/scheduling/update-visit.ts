import { checkScheduleWindow } from '../../../services/workspace/jobs/schedule-window.ts';
import { updateVisit as storeVisitChanges } from '../../../services/workspace/scheduling/update-visit.query.ts';
import { workspaceWriteProcedure } from '../../../trpc.ts';
import { ZUpdateVisitInput, ZUpdateVisitOutput } from './update-visit.schema.ts';

/**
 * Reschedules or reassigns a visit, or changes its notes (workspace:write; not an agent tool). Emits
 * visit.updated in the write's transaction when something changed.
 */
export const updateVisit = workspaceWriteProcedure
  .input(ZUpdateVisitInput)
  .output(ZUpdateVisitOutput)
  .mutation(({ ctx, input }) => {
    const now = ctx.clock.now();
    return storeVisitChanges(
      ctx.em,
      ctx.businessId,
      input.visit_id,
      {
        window: input.schedule ? checkScheduleWindow(input.schedule, now) : undefined,
        assigneeIds: input.assigned_team_member_ids,
        notes: input.notes === undefined ? undefined : input.notes || null,
      },
      now,
    );
  });
