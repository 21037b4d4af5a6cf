import { randomUUID } from 'node:crypto';
import type { Context } from '../../context.ts';
import { errorMessage } from '../../errors/index.ts';
import type { AgentMessage, AgentTask } from '../agent-tasks/agent-task.schema.ts';
import { continueTask, recordTask, type AgentTaskContent, type StoredTask } from '../agent-tasks/task-store.ts';
import type { MessagePushConfig } from './push/push-config.schema.ts';
import { checkMessagePushConfig, keepMessagePushConfig } from './push/message-push-config.ts';
import type { A2aOutcome } from './a2a-exchange.ts';
import { chooseSkill, type Choice } from './choose-skill.ts';
import { agentMessage, runSkill, type SkillOutcome } from './run-skill.ts';
import type { SkillRunner } from './skill-runner-port.ts';
import { taskNotFound } from './task-not-found.ts';
import { queuePushNotifications } from './push/queue-push-notifications.ts';
import { a2aCallerOf, ownerGrantOf } from './caller.ts';
import { findVisibleTask } from './visible-task.ts';

/** Most messages a task keeps (each answer of an input-required turn adds the user's and the agent's). */
const MAX_TASK_MESSAGES = 50;

/** A client's message as the agent acts on it, whatever version it came in. */
export interface IncomingMessage {
  message: AgentMessage;
  contextId?: string;
  taskId?: string;
  historyLength?: number;
  /** A push notification config for the message's task (SendMessage's configuration); no id: the task's id. */
  pushConfig?: MessagePushConfig;
}

/** What one request ended as, and what its log line and its Idempotency-Key need. */
export interface MethodResult {
  outcome: A2aOutcome;
  skill: string | null;
  /** The log line's outcome. */
  logged: string;
  /** The answer is this stored task: an Idempotency-Key keeps its id, and a replay rewrites the answer from it. */
  taskId?: string;
  /** The answer must not be kept for replay (a skill refused for lack of budget: the retry is to run). */
  replayable?: false;
}

/** An error inside a well-formed exchange: HTTP 200, as A2A clients read JSON-RPC errors from successful responses. */
const rpcError = (code: Parameters<typeof errorMessage>[0], message: string): A2aOutcome => ({
  kind: 'error',
  error: errorMessage(code, message),
  status: 200,
  headers: {},
});

export type Ended =
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
  | { kind: 'error'; outcome: A2aOutcome };

export const waiting = (text: string): Extract<Ended, { kind: 'task' }> => ({
  kind: 'task',
  state: 'input-required',
  skill: null,
  status: agentMessage(text),
  artifacts: [],
  headers: {},
  store: true,
});

/**
 * How the message ends: a task (completed with the artifact, failed with the ErrorMessage, or waiting
 * for input with what is needed) or a JSON-RPC error (arguments a client named wrongly: -32602; a
 * server failure: -32603 with the 5xx status). Arguments the text router chose wrongly ask again instead.
 */
function ended(choice: Exclude<Choice, { kind: 'invalid' }>, outcome?: SkillOutcome): Ended {
  if (choice.kind === 'needs') return waiting(choice.text);
  const { skill } = choice;
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
      if (!choice.fromText) return { kind: 'error', outcome: { kind: 'error', error, status: 200, headers: {} } };
      return waiting(
        `Your request reads as ${skill}, but ${error.message.replace(/^Invalid parameter/, 'the parameter')}. Say it again with that corrected.`,
      );
    }
    case 'server_error': {
      const { error, headers } = outcome!;
      return { kind: 'error', outcome: { kind: 'error', error, status: error.status, headers, jsonRpcCode: -32603 } };
    }
  }
}

/**
 * The task a message continues, or why it cannot: unknown (-32001), ended (-32004), in another
 * conversation (-32602), or full (-32004).
 */
export async function continued(
  incoming: IncomingMessage & { taskId: string },
  context: Context,
): Promise<{ previous: AgentTask } | MethodResult> {
  const previous = await findVisibleTask(context, incoming.taskId);
  if (!previous) return { outcome: taskNotFound(incoming.taskId), skill: null, logged: 'task_not_found' };
  if (previous.state !== 'input-required')
    return {
      outcome: rpcError(
        'A2A_UNSUPPORTED_OPERATION',
        `Task ${previous.id} has ended (${previous.state}) and takes no more messages.`,
      ),
      skill: previous.skill,
      logged: 'task_ended',
    };
  if (incoming.contextId !== undefined && incoming.contextId !== previous.contextId) {
    const message = `does not match the contextId of task ${previous.id} (${previous.contextId}); omit it or send that one`;
    const error = errorMessage('A2A_INVALID_PARAMS', `Invalid parameter "message.contextId": ${message}`, [
      { parameter: 'message.contextId', message },
    ]);
    return { outcome: { kind: 'error', error, status: 200, headers: {} }, skill: null, logged: 'invalid_params' };
  }
  if (previous.history.length + 2 > MAX_TASK_MESSAGES)
    return {
      outcome: rpcError(
        'A2A_UNSUPPORTED_OPERATION',
        `Task ${previous.id} has reached ${MAX_TASK_MESSAGES} messages; start a new task (no taskId) with the whole request.`,
      ),
      skill: null,
      logged: 'task_full',
    };
  return { previous };
}

/**
 * The task after this message, stored with its events unless it is a refusal for lack of budget
 * (null: another message won); this process's streams of it learn of the events at once.
 */
export async function storeTask(
  previous: AgentTask | undefined,
  incoming: IncomingMessage,
  end: Extract<Ended, { kind: 'task' }>,
  context: Context,
): Promise<StoredTask | AgentTask | null> {
  const history = [...(previous?.history ?? []), incoming.message, ...(end.status ? [end.status] : [])];
  const next = { state: end.state, skill: end.skill, history, artifacts: end.artifacts };
  const now = context.clock.now();
  if (!end.store) {
    const at = now.toISOString();
    return {
      ...next,
      id: previous?.id ?? randomUUID(),
      contextId: previous?.contextId ?? incoming.contextId ?? randomUUID(),
      createdAt: previous?.createdAt ?? at,
      updatedAt: at,
      ownerGrantId: previous?.ownerGrantId ?? ownerGrantOf(a2aCallerOf(context)),
    };
  }
  return storeTurn(previous, incoming, next, context);
}

/**
 * Stores one turn of a task: a new task in the client's conversation (its contextId, or a new one),
 * or the continuation of `previous` (null when another message won), with its events; this
 * process's streams of it learn of the events at once. SendMessage stores a turn's end, a streamed
 * message its `working` start.
 */
export async function storeTurn(
  previous: AgentTask | undefined,
  incoming: IncomingMessage,
  content: AgentTaskContent,
  context: Context,
): Promise<StoredTask | null> {
  const now = context.clock.now();
  const stored = previous
    ? await continueTask(
        context.sql,
        { ...content, id: previous.id, seenHistoryLength: previous.history.length },
        now,
        previous.contextId,
      )
    : await recordTask(
        context.sql,
        { ...content, contextId: incoming.contextId ?? randomUUID(), ownerGrantId: ownerGrantOf(a2aCallerOf(context)) },
        now,
      );
  if (stored) context.services.a2aStreams.hub.announce(stored.id);
  return stored;
}

/**
 * message/send (0.3) and SendMessage (1.0): one message, one task. A new message starts a task in
 * the client's conversation (its contextId, or a new one); a message with the taskId of a task
 * waiting for input (`input-required`) continues that task, and is refused for an unknown (-32001)
 * or ended (-32004) one. This decides the protocol's lifecycle; the skills do the work.
 */
export async function sendMessage(
  incoming: IncomingMessage,
  context: Context,
  skills: SkillRunner,
): Promise<MethodResult> {
  // Refused before the skill runs: a config needs a grant and an acceptable URL.
  const push = incoming.pushConfig && checkMessagePushConfig(context, incoming.pushConfig);
  if (push && 'refused' in push) return push.refused;
  let previous: AgentTask | undefined;
  if (incoming.taskId !== undefined) {
    const found = await continued({ ...incoming, taskId: incoming.taskId }, context);
    if (!('previous' in found)) return found;
    previous = found.previous;
  }

  const choice = await chooseSkill(incoming.message, previous, context, skills);
  if (choice.kind === 'invalid')
    return {
      outcome: { kind: 'error', error: choice.error, status: 200, headers: {} },
      skill: null,
      logged: 'invalid_params',
    };
  const outcome = choice.kind === 'skill' ? await runSkill(skills, choice.skill, choice.args, context) : undefined;
  const end = ended(choice, outcome);
  const skill = choice.kind === 'skill' ? choice.skill : null;
  if (end.kind === 'error') return { outcome: end.outcome, skill, logged: outcome?.kind ?? 'error' };

  const task = await storeTask(previous, incoming, end, context);
  if (!task) {
    const error = errorMessage(
      'A2A_UNSUPPORTED_OPERATION',
      `Task ${previous!.id} was answered by another message at the same time (or has just expired); read it with tasks/get.`,
    );
    return { outcome: { kind: 'error', error, status: 200, headers: {} }, skill, logged: 'task_conflict' };
  }
  if (end.store) {
    if (push && incoming.pushConfig) {
      const refused = await keepMessagePushConfig(context, push.grant, task, incoming.pushConfig);
      if (refused) return refused;
    }
    await queuePushNotifications(context, task, previous ? {} : { knownToHaveConfigs: push !== undefined });
  }
  return {
    outcome: { kind: 'task', task, result: 'sent', historyLength: incoming.historyLength, headers: end.headers },
    skill,
    logged: end.state,
    // A stored task is what an Idempotency-Key keeps (its id); a refusal for lack of budget is kept nowhere.
    ...(end.store ? { taskId: task.id } : { replayable: false as const }),
  };
}
