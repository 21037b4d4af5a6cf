import { randomUUID } from 'node:crypto';
import { insertAgentTask } from '../../services/agent-tasks/agent-tasks.query.ts';
import { agentTaskExpiry } from '../../services/agent-tasks/retention.ts';
import { taskFromRow } from '../../services/agent-tasks/task-record.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZRecordTaskInput, ZRecordTaskOutput } from './record-task.schema.ts';

/**
 * Stores a new A2A task with a fresh random id (the capability that reads it back) and the
 * retention's expiry. Public but without REST mapping: only the A2A adapter reaches it, through the
 * invoker, after it answered the message.
 */
export const recordTask = publicProcedure
  .input(ZRecordTaskInput)
  .output(ZRecordTaskOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const row = await insertAgentTask(ctx.sql, { ...input, id: randomUUID(), now, expiresAt: agentTaskExpiry(now) });
    return taskFromRow(row);
  });
