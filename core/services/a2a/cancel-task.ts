import type { Context } from '../../context.ts';
import { errorMessage } from '../../errors/index.ts';
import { ZAgentTaskId } from '../agent-tasks/agent-task.schema.ts';
import { cancelTask as cancelStoredTask } from '../agent-tasks/task-store.ts';
import { a2aCallerOf } from './caller.ts';
import type { MethodResult } from './send-message.ts';
import { taskNotFound } from './task-not-found.ts';
import { queuePushNotifications } from './push/queue-push-notifications.ts';

/** tasks/cancel (CancelTask) params. */
export interface CancelQuery {
  id: string;
}

/**
 * tasks/cancel (0.3) and CancelTask (1.0): a task that is submitted, working or waiting for input
 * becomes `canceled` and is answered; one canceled already is answered again (cancelling is
 * idempotent, so a retry after a lost answer reads as the first did); one that completed or failed
 * is -32002; one the caller may not see, or an id that is not a uuid, is -32001 like an unknown id.
 */
export async function cancelTask(query: CancelQuery, context: Context): Promise<MethodResult> {
  const cancel = ZAgentTaskId.safeParse(query.id).success
    ? await cancelStoredTask(context.sql, query.id, a2aCallerOf(context), context.clock.now())
    : ({ kind: 'not-found' } as const);
  if (cancel.kind === 'not-found') return { outcome: taskNotFound(query.id), skill: null, logged: 'task' };
  const { task } = cancel;
  if (cancel.kind === 'not-cancelable') {
    const message = `Task not cancelable: ${task.id} has ${task.state === 'completed' ? 'completed' : 'failed'}; only a task that is submitted, working or waiting for input can be canceled.`;
    return {
      outcome: { kind: 'error', error: errorMessage('A2A_TASK_NOT_CANCELABLE', message), status: 200, headers: {} },
      skill: null,
      logged: 'task_not_cancelable',
    };
  }
  // A status change: its subscribers and push configs hear of it (a repeated cancel changes nothing, so tells nothing).
  if (cancel.kind === 'canceled') {
    context.services.a2aStreams.hub.announce(task.id);
    await queuePushNotifications(context, task);
  }
  return {
    outcome: { kind: 'task', task, result: 'read', historyLength: undefined, headers: {} },
    skill: null,
    logged: cancel.kind === 'canceled' ? 'task_canceled' : 'task_already_canceled',
    taskId: task.id,
  };
}
