import { z } from 'zod';
import { ZAgentTask, ZAgentTaskId } from '../../services/agent-tasks/agent-task.schema.ts';

export const ZGetTaskInput = z.object({ id: ZAgentTaskId });

export const ZGetTaskOutput = z.object({
  /** Null when no task has this id, or it expired. */
  task: ZAgentTask.nullable(),
});
