import type { Context } from '../../core/context.ts';
import type { AgentTask } from '../../core/services/agent-tasks/agent-task.schema.ts';
import { rpcError, rpcErrorFromMessage, rpcResult, type A2aReply, type RequestId } from './json-rpc.ts';
import { sendMessage, type SendDependencies } from './send-message.ts';
import { getTask } from './tasks.ts';
import type { A2aVersion } from './transport-checks.ts';
import { wire03 } from './wire-0.3.ts';
import { wire10 } from './wire-1.0.ts';
import type { Wire } from './wire.ts';

/** What one method call reports for the request's log line, besides its answer. */
export interface MethodResult {
  reply: A2aReply;
  skill?: string | null;
  outcome: string;
  /** The reply's result is this stored task: an Idempotency-Key keeps the id, and rewrites the reply from it (taskReply). */
  taskId?: string;
  /** The reply must not be kept for replay (a skill refused for lack of budget: the retry is to run). */
  replayable?: false;
}

type Method = (
  id: RequestId,
  params: Record<string, unknown>,
  wire: Wire,
  context: Context,
  dependencies: SendDependencies,
) => Promise<MethodResult>;

const send: Method = async (id, params, wire, context, dependencies) => {
  const read = wire.readSendParams(params);
  if ('invalid' in read) return { reply: rpcErrorFromMessage(id, read.invalid, 200), outcome: 'invalid_params' };
  return sendMessage(id, read.value, wire, context, dependencies);
};

const get: Method = async (id, params, wire, context, { invoker }) => {
  const read = wire.readGetParams(params);
  if ('invalid' in read) return { reply: rpcErrorFromMessage(id, read.invalid, 200), outcome: 'invalid_params' };
  const { reply, taskId } = await getTask(id, read.value, wire, context, invoker);
  return { reply, outcome: 'task', ...(taskId ? { taskId } : {}) };
};

const wires: Record<A2aVersion, Wire> = { '0.3': wire03, '1.0': wire10 };

/** The methods each version serves, by their wire names; everything else is -32601. */
const methods: Record<A2aVersion, Record<string, Method>> = {
  '0.3': { [wire03.methods.send]: send, [wire03.methods.get]: get },
  '1.0': { [wire10.methods.send]: send, [wire10.methods.get]: get },
};

/** A method of the other version: the client forgot (or added) the A2A-Version header. */
function otherVersionHint(version: A2aVersion, method: string): string | undefined {
  if (version === '0.3' && Object.hasOwn(methods['1.0'], method))
    return `${method} is an A2A 1.0 method: send the header A2A-Version: 1.0 with it (without the header a request is read as 0.3, whose methods are message/send and tasks/get).`;
  if (version === '1.0' && Object.hasOwn(methods['0.3'], method))
    return `${method} is an A2A 0.3 method: send it without A2A-Version (or with A2A-Version: 0.3); with A2A-Version: 1.0 the methods are SendMessage and GetTask.`;
  return undefined;
}

/** The metrics' name of a method: itself when some version has it, else `(unknown)` (never a client's text). */
export function a2aOperation(method: string): string {
  return Object.values(methods).some((table) => Object.hasOwn(table, method)) ? method : '(unknown)';
}

/** Whether the method stores a task when it runs: message/send (SendMessage). */
export function storesTask(version: A2aVersion, method: string): boolean {
  return method === wires[version].methods.send;
}

/** Runs one JSON-RPC request in the request's version. Stateless: every request stands alone but for the stored tasks. */
export function dispatch(
  version: A2aVersion,
  id: RequestId,
  method: string,
  params: Record<string, unknown>,
  context: Context,
  dependencies: SendDependencies,
): Promise<MethodResult> | MethodResult {
  const handler = Object.hasOwn(methods[version], method) ? methods[version][method]! : undefined;
  if (handler) return handler(id, params, wires[version], context, dependencies);
  const hint = otherVersionHint(version, method);
  const message =
    hint ??
    `Method not found: ${JSON.stringify(method.slice(0, 100))}. A2A ${version} methods here: ${Object.keys(methods[version]).join(', ')}.`;
  return { reply: rpcError(id, 'A2A_METHOD_NOT_FOUND', message), outcome: 'method_not_found' };
}

/**
 * The reply of a replayed request whose first reply was a stored task (MethodResult.taskId): the
 * same method's result written again from the task, in the request's version, with the history
 * length the request asked for. The request is the first one again (its fingerprint matched), so its
 * params read as they did then.
 */
export function taskReply(
  version: A2aVersion,
  id: RequestId,
  method: string,
  params: Record<string, unknown>,
  task: AgentTask,
): A2aReply {
  const wire = wires[version];
  const read =
    method === wire.methods.send
      ? wire.readSendParams(params)
      : method === wire.methods.get
        ? wire.readGetParams(params)
        : undefined;
  if (read === undefined || 'invalid' in read)
    throw new Error(`no task reply for the A2A method ${method.slice(0, 100)}`);
  const historyLength = read.value.historyLength;
  return rpcResult(
    id,
    method === wire.methods.send ? wire.sendResult(task, historyLength) : wire.taskResult(task, historyLength),
  );
}
