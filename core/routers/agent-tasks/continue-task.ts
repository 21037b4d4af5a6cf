import { continueAgentTask } from '../../services/agent-tasks/agent-tasks.query.ts';
import { agentTaskExpiry } from '../../services/agent-tasks/retention.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZContinueTaskInput, ZContinueTaskOutput } from './continue-task.schema.ts';

/**
 * Replaces the content of a task that waits for input (`input-required`) with its continuation,
 * only if it still waits and still has the messages the caller saw: of two concurrent
 * continuations one is stored and the other answers `task: null`. Restarts the retention.
 * Reached only through the invoker (the A2A adapter).
 */
export const continueTask = publicProcedure
  .input(ZContinueTaskInput)
  .output(ZContinueTaskOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const row = await continueAgentTask(ctx.sql, { ...input, now, expiresAt: agentTaskExpiry(now) });
    if (!row) return { task: null };
    const { id, state, skill, history, artifacts } = input;
    const createdAt = new Date(row.created_at).toISOString();
    return {
      task: {
        id,
        contextId: row.context_id,
        state,
        skill,
        history,
        artifacts,
        createdAt,
        updatedAt: now.toISOString(),
      },
    };
  });
