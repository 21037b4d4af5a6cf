import type { Context } from '../../context.ts';
import type { AgentTask } from '../agent-tasks/agent-task.schema.ts';
import { ZAgentTaskId } from '../agent-tasks/agent-task.schema.ts';
import { findTask } from '../agent-tasks/task-store.ts';
import { a2aCallerOf } from './caller.ts';

/**
 * The task with this id if the request's caller may see it (caller.ts), else null: unknown, expired
 * and another grant's tasks alike. An id that is not a uuid names no task this agent issued, so it is
 * answered without a database read.
 */
export async function findVisibleTask(context: Context, id: string): Promise<AgentTask | null> {
  if (!ZAgentTaskId.safeParse(id).success) return null;
  return findTask(context.sql, id, a2aCallerOf(context), context.clock.now());
}
