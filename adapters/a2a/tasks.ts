import type { Context } from '../../core/context.ts';
import type { ProcedureInvoker } from '../../core/procedures/invoker.ts';
import { ZAgentTaskId, type AgentTask } from '../../core/services/agent-tasks/agent-task.schema.ts';
import { rpcError, rpcResult, type A2aReply, type RequestId } from './json-rpc.ts';
import type { TaskQuery, Wire } from './wire.ts';

function taskNotFound(id: RequestId, taskId: string): A2aReply {
  return rpcError(
    id,
    'A2A_TASK_NOT_FOUND',
    `Task not found: ${JSON.stringify(taskId.slice(0, 100))} is not the id of a task this agent keeps (unknown, or expired).`,
  );
}

/**
 * A stored task by the id a client sent, or the -32001 answer. An id that is not a uuid names no
 * task this agent issued, so it is answered without a database read.
 */
export async function findTask(
  id: RequestId,
  taskId: string,
  context: Context,
  invoker: ProcedureInvoker,
): Promise<{ task: AgentTask } | { reply: A2aReply }> {
  if (!ZAgentTaskId.safeParse(taskId).success) return { reply: taskNotFound(id, taskId) };
  const { task } = await invoker.call('agentTasks.getTask', { id: taskId }, context);
  return task ? { task } : { reply: taskNotFound(id, taskId) };
}

/**
 * tasks/get (0.3) and GetTask (1.0): the task as the request's version writes it, its history
 * limited as asked, and the id of the task answered (an Idempotency-Key keeps that, not a copy).
 */
export async function getTask(
  id: RequestId,
  query: TaskQuery,
  wire: Wire,
  context: Context,
  invoker: ProcedureInvoker,
): Promise<{ reply: A2aReply; taskId?: string }> {
  const found = await findTask(id, query.id, context, invoker);
  if ('reply' in found) return { reply: found.reply };
  return { reply: rpcResult(id, wire.taskResult(found.task, query.historyLength)), taskId: found.task.id };
}
