import { findAgentTask } from '../../services/agent-tasks/agent-tasks.query.ts';
import { taskFromRow } from '../../services/agent-tasks/task-record.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZGetTaskInput, ZGetTaskOutput } from './get-task.schema.ts';

/**
 * One A2A task by its id, unless it expired. The id is a random uuid only its client learnt, which
 * is what authorizes the read. Reached only through the invoker (the A2A adapter).
 */
export const getTask = publicProcedure
  .input(ZGetTaskInput)
  .output(ZGetTaskOutput)
  .query(async ({ ctx, input }) => {
    const row = await findAgentTask(ctx.sql, input.id, ctx.clock.now());
    return { task: row ? taskFromRow(row) : null };
  });
