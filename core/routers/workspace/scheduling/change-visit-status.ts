import { changeVisitStatus as storeVisitStatus } from '../../../services/workspace/scheduling/visit-status.query.ts';
import { workspaceWriteProcedure } from '../../../trpc.ts';
import { ZChangeVisitStatusInput, ZChangeVisitStatusOutput } from './change-visit-status.schema.ts';

/**
 * Moves a visit to another status (workspace:write; not an agent tool) and emits visit.status_changed
 * with the previous status, in the write's transaction; a change the current status does not allow is 409.
 */
export const changeVisitStatus = workspaceWriteProcedure
  .input(ZChangeVisitStatusInput)
  .output(ZChangeVisitStatusOutput)
  .mutation(({ ctx, input }) =>
    storeVisitStatus(ctx.em, ctx.businessId, input.visit_id, input.status, ctx.clock.now()),
  );
