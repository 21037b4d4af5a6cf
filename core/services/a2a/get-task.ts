import type { Context } from '../../context.ts';
import type { MethodResult } from './send-message.ts';
import { taskNotFound } from './task-not-found.ts';
import { findVisibleTask } from './visible-task.ts';

/** tasks/get (GetTask) params. */
export interface TaskQuery {
  id: string;
  historyLength?: number;
}

/**
 * tasks/get (0.3) and GetTask (1.0): the stored task, its history limited as asked, or -32001. An id
 * that is not a uuid names no task this agent issued, so it is answered without a database read;
 * the random id is what authorizes the read of an anonymous task, the grant that of an owned one
 * (caller.ts): another caller's task answers -32001 as an unknown one does.
 */
export async function getTask(query: TaskQuery, context: Context): Promise<MethodResult> {
  const task = await findVisibleTask(context, query.id);
  if (!task) return { outcome: taskNotFound(query.id), skill: null, logged: 'task' };
  return {
    outcome: { kind: 'task', task, result: 'read', historyLength: query.historyLength, headers: {} },
    skill: null,
    logged: 'task',
    taskId: task.id,
  };
}
