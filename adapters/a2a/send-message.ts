import { randomUUID } from 'node:crypto';
import type { Context } from '../../core/context.ts';
import { errorMessage } from '../../core/errors/index.ts';
import type { ProcedureInvoker } from '../../core/procedures/invoker.ts';
import type { AgentMessage, AgentTask } from '../../core/services/agent-tasks/agent-task.schema.ts';
import { isObject, rpcError, rpcErrorFromMessage, rpcResult, type A2aReply, type RequestId } from './json-rpc.ts';
import { routeText } from './route-text.ts';
import { agentMessage, runSkill, type SkillOutcome } from './run-skill.ts';
import type { Skill, SkillTable } from './skills.ts';
import { findTask } from './tasks.ts';
import { MAX_TEXT_CHARACTERS, type IncomingMessage, type Wire } from './wire.ts';

export interface SendDependencies {
  skills: SkillTable;
  invoker: ProcedureInvoker;
}

/** Most messages a task keeps (each answer of an input-required turn adds the user's and the agent's). */
const MAX_TASK_MESSAGES = 50;

type Choice =
  | { kind: 'skill'; skill: Skill; args: Record<string, unknown>; fromText: boolean }
  | { kind: 'needs'; text: string }
  | { kind: 'reply'; reply: A2aReply };

function invalidParams(id: RequestId, parameter: string, message: string): Choice {
  return {
    kind: 'reply',
    reply: rpcError(id, 'A2A_INVALID_PARAMS', `Invalid parameter "${parameter}": ${message}`, [{ parameter, message }]),
  };
}

const textOf = (message: AgentMessage) =>
  message.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : [])).join('\n');

/**
 * What a message asks for. A data part {skill, arguments} names it outright (and wins over any
 * text). Otherwise its text, after the user texts of the task it continues, goes to the text
 * router, which names a skill and its arguments or says what it needs.
 */
async function choose(
  id: RequestId,
  message: AgentMessage,
  previous: AgentTask | undefined,
  context: Context,
  { skills, invoker }: SendDependencies,
): Promise<Choice> {
  const dataIndexes = message.parts.flatMap((part, index) => (part.kind === 'data' ? [index] : []));
  if (dataIndexes.length > 1)
    return invalidParams(id, `message.parts.${dataIndexes[1]}`, 'send one data part {skill, arguments} per message');
  const known = skills.skills.map((skill) => skill.meta.id).join(', ');
  if (dataIndexes.length === 1) {
    const index = dataIndexes[0]!;
    const data = (message.parts[index] as { data: Record<string, unknown> }).data;
    if (typeof data.skill !== 'string')
      return invalidParams(id, `message.parts.${index}.data.skill`, `expected the id of a skill: one of ${known}`);
    const skill = skills.find(data.skill);
    if (!skill)
      return invalidParams(
        id,
        `message.parts.${index}.data.skill`,
        `unknown skill ${JSON.stringify(data.skill.slice(0, 100))}; the skills are ${known}`,
      );
    if (data.arguments !== undefined && !isObject(data.arguments))
      return invalidParams(id, `message.parts.${index}.data.arguments`, 'expected an object of the skill’s arguments');
    return {
      kind: 'skill',
      skill,
      args: (data.arguments as Record<string, unknown> | undefined) ?? {},
      fromText: false,
    };
  }
  const text = textOf(message).trim();
  if (text === '')
    return invalidParams(
      id,
      'message.parts',
      'no usable part: send a data part {"skill": "<id>", "arguments": {...}} or a text part with your request',
    );
  const earlier = previous ? previous.history.filter((entry) => entry.role === 'user').map(textOf) : [];
  const conversation = [...earlier, text].filter((entry) => entry !== '').join('\n');
  if (conversation.length > MAX_TEXT_CHARACTERS)
    return invalidParams(
      id,
      'message.parts',
      `the text of this task's messages together exceeds ${MAX_TEXT_CHARACTERS} characters; start a new task (no taskId) with a shorter request`,
    );
  const route = await routeText(conversation, context, invoker);
  if ('needs' in route) return { kind: 'needs', text: route.needs };
  const skill = skills.find(route.skill);
  if (!skill) throw new Error(`the text router named an unknown skill ${route.skill}`);
  return { kind: 'skill', skill, args: route.arguments, fromText: true };
}

/** The task content after this message: its state, skill, messages and artifacts. */
function content(previous: AgentTask | undefined, message: AgentMessage, outcome: Exclude<Ended, { kind: 'reply' }>) {
  const history = [...(previous?.history ?? []), message, ...(outcome.status ? [outcome.status] : [])];
  return { state: outcome.state, skill: outcome.skill, history, artifacts: outcome.artifacts };
}

type Ended =
  | {
      kind: 'task';
      state: AgentTask['state'];
      skill: string | null;
      status?: AgentMessage;
      artifacts: AgentTask['artifacts'];
      headers: Record<string, string>;
      /** A refusal for lack of budget is answered but not stored: a client beyond its budget costs no write. */
      store: boolean;
    }
  | { kind: 'reply'; reply: A2aReply };

/**
 * How the message ends: a task (completed with the artifact, failed with the ErrorMessage, or waiting
 * for input with what is needed) or a JSON-RPC error (arguments a client named wrongly: -32602; a
 * server failure: -32603 with the 5xx status). Arguments the text router chose wrongly ask again instead.
 */
function ended(id: RequestId, choice: Exclude<Choice, { kind: 'reply' }>, outcome?: SkillOutcome): Ended {
  if (choice.kind === 'needs')
    return {
      kind: 'task',
      state: 'input-required',
      skill: null,
      status: agentMessage(choice.text),
      artifacts: [],
      headers: {},
      store: true,
    };
  const skill = choice.skill.meta.id;
  switch (outcome!.kind) {
    case 'completed':
      return {
        kind: 'task',
        state: 'completed',
        skill,
        artifacts: outcome!.artifacts,
        headers: outcome!.headers,
        store: true,
      };
    case 'failed':
      return {
        kind: 'task',
        state: 'failed',
        skill,
        status: outcome!.status,
        artifacts: [],
        headers: outcome!.headers,
        store: outcome!.error.code !== 'RATE_LIMITED',
      };
    case 'invalid_arguments': {
      const { error } = outcome!;
      if (!choice.fromText) return { kind: 'reply', reply: rpcErrorFromMessage(id, error, 200) };
      const text = `Your request reads as ${skill}, but ${error.message.replace(/^Invalid parameter/, 'the parameter')}. Say it again with that corrected.`;
      return {
        kind: 'task',
        state: 'input-required',
        skill: null,
        status: agentMessage(text),
        artifacts: [],
        headers: {},
        store: true,
      };
    }
    case 'server_error':
      return {
        kind: 'reply',
        reply: rpcErrorFromMessage(id, outcome!.error, outcome!.error.status, outcome!.headers, -32603),
      };
  }
}

/**
 * message/send (0.3) and SendMessage (1.0): one message, one task. A new message starts a task in
 * the client's conversation (its contextId, or a new one); a message with the taskId of a task
 * waiting for input (`input-required`) continues that task, and is refused for an unknown (-32001)
 * or ended (-32004) one. The task is stored through its procedures and answered in the request's
 * version; this function decides only the protocol's lifecycle, the skills do the work.
 */
export async function sendMessage(
  id: RequestId,
  incoming: IncomingMessage,
  wire: Wire,
  context: Context,
  dependencies: SendDependencies,
): Promise<{ reply: A2aReply; skill: string | null; outcome: string; taskId?: string; replayable?: false }> {
  const { invoker } = dependencies;
  let previous: AgentTask | undefined;
  if (incoming.taskId !== undefined) {
    const found = await findTask(id, incoming.taskId, context, invoker);
    if ('reply' in found) return { reply: found.reply, skill: null, outcome: 'task_not_found' };
    previous = found.task;
    if (previous.state !== 'input-required')
      return {
        reply: rpcError(
          id,
          'A2A_UNSUPPORTED_OPERATION',
          `Task ${previous.id} has ended (${previous.state}) and takes no more messages.`,
        ),
        skill: previous.skill,
        outcome: 'task_ended',
      };
    if (incoming.contextId !== undefined && incoming.contextId !== previous.contextId) {
      const message = `does not match the contextId of task ${previous.id} (${previous.contextId}); omit it or send that one`;
      return {
        reply: rpcError(id, 'A2A_INVALID_PARAMS', `Invalid parameter "message.contextId": ${message}`, [
          { parameter: 'message.contextId', message },
        ]),
        skill: null,
        outcome: 'invalid_params',
      };
    }
    if (previous.history.length + 2 > MAX_TASK_MESSAGES)
      return {
        reply: rpcError(
          id,
          'A2A_UNSUPPORTED_OPERATION',
          `Task ${previous.id} has reached ${MAX_TASK_MESSAGES} messages; start a new task (no taskId) with the whole request.`,
        ),
        skill: null,
        outcome: 'task_full',
      };
  }

  const choice = await choose(id, incoming.message, previous, context, dependencies);
  if (choice.kind === 'reply') return { reply: choice.reply, skill: null, outcome: 'invalid_params' };
  const outcome = choice.kind === 'skill' ? await runSkill(choice.skill, choice.args, context, invoker) : undefined;
  const end = ended(id, choice, outcome);
  const skill = choice.kind === 'skill' ? choice.skill.meta.id : null;
  if (end.kind === 'reply') return { reply: end.reply, skill, outcome: outcome?.kind ?? 'error' };

  const next = content(previous, incoming.message, end);
  let task: AgentTask | null;
  if (!end.store) {
    const now = context.clock.now().toISOString();
    task = {
      ...next,
      id: previous?.id ?? randomUUID(),
      contextId: previous?.contextId ?? incoming.contextId ?? randomUUID(),
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    };
  } else if (previous) {
    ({ task } = await invoker.call(
      'agentTasks.continueTask',
      { ...next, id: previous.id, seenHistoryLength: previous.history.length },
      context,
    ));
  } else {
    task = await invoker.call(
      'agentTasks.recordTask',
      { ...next, contextId: incoming.contextId ?? randomUUID() },
      context,
    );
  }
  if (!task)
    return {
      reply: rpcErrorFromMessage(
        id,
        errorMessage(
          'A2A_UNSUPPORTED_OPERATION',
          `Task ${previous!.id} was answered by another message at the same time (or has just expired); read it with tasks/get.`,
        ),
        200,
      ),
      skill,
      outcome: 'task_conflict',
    };
  return {
    reply: rpcResult(id, wire.sendResult(task, incoming.historyLength), end.headers),
    skill,
    outcome: end.state,
    // A stored task is what an Idempotency-Key keeps (its id); a refusal for lack of budget is kept nowhere.
    ...(end.store ? { taskId: task.id } : { replayable: false as const }),
  };
}
