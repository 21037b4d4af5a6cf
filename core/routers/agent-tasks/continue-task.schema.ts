import { z } from 'zod';
import { ZAgentTask, ZAgentTaskContent, ZAgentTaskId } from '../../services/agent-tasks/agent-task.schema.ts';

export const ZContinueTaskInput = ZAgentTaskContent.extend({
  id: ZAgentTaskId,
  /** How many messages the task had when the caller read it: the update applies only if it still has that many. */
  seenHistoryLength: z.number().int().min(1),
});

export const ZContinueTaskOutput = z.object({
  /** Null when the task no longer waits for this input (continued concurrently, ended, or expired). */
  task: ZAgentTask.nullable(),
});
