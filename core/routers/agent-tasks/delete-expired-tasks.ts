import { deleteExpiredTasks as deleteExpired } from '../../services/agent-tasks/agent-tasks.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZDeleteExpiredTasksInput, ZDeleteExpiredTasksOutput } from './delete-expired-tasks.schema.ts';

/** Deletes expired A2A tasks, at most `limit` per call (the sweeper calls it until fewer come back). System only. */
export const deleteExpiredTasks = systemProcedure
  .input(ZDeleteExpiredTasksInput)
  .output(ZDeleteExpiredTasksOutput)
  .mutation(async ({ ctx, input }) => ({ deleted: await deleteExpired(ctx.sql, ctx.clock.now(), input.limit) }));
