import { randomUUID } from 'node:crypto';
import { insertAgentTask } from '../../services/agent-tasks/agent-tasks.query.ts';
import { agentTaskExpiry } from '../../services/agent-tasks/retention.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZRecordTaskInput, ZRecordTaskOutput } from './record-task.schema.ts';

/**
 * Stores a new A2A task with a fresh random id (the capability that reads it back) and the
 * retention's expiry. Public but without REST mapping: only the A2A adapter reaches it, through the
 * invoker, after it answered the message. Answers the task as stored (the stored JSON reads back
 * as the same values) without reading it back.
 */
export const recordTask = publicProcedure
  .input(ZRecordTaskInput)
  .output(ZRecordTaskOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const id = randomUUID();
    await insertAgentTask(ctx.sql, { ...input, id, now, expiresAt: agentTaskExpiry(now) });
    const at = now.toISOString();
    const { state, skill, history, artifacts, contextId } = input;
    return { id, contextId, state, skill, history, artifacts, createdAt: at, updatedAt: at };
  });
