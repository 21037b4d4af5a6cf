import { z } from 'zod';
import { noNul } from '../../core/services/sql/no-nul.ts';
import { errorMessage, validationErrorMessage, type ErrorMessage } from '../../core/errors/index.ts';
import type { AgentMessage, AgentPart, AgentTask } from '../../core/services/agent-tasks/agent-task.schema.ts';
import { ZAgentContextId } from '../../core/services/agent-tasks/agent-task.schema.ts';
import type { TaskPage } from '../../core/services/a2a/a2a-exchange.ts';
import type { CancelQuery } from '../../core/services/a2a/cancel-task.ts';
import type { TaskQuery } from '../../core/services/a2a/get-task.ts';
import type { TaskListQuery } from '../../core/services/a2a/list-tasks.ts';
import type { TaskEvent } from '../../core/services/agent-tasks/task-events.ts';
import type { IncomingMessage } from '../../core/services/a2a/send-message.ts';
import type { A2aVersion } from './transport-checks.ts';

/** Most parts one message may carry. */
export const MAX_PARTS = 20;
/** Longest text part, and longest text the router reads (a task's user texts together). */
const MAX_TEXT_CHARACTERS = 2000;

type Read<T> = { value: T } | { invalid: ErrorMessage };

/**
 * One version's wire: its method names, how its params read into the neutral shapes, and how a
 * neutral task is written back. wire-0.3.ts and wire-1.0.ts are the two; nothing else knows a
 * version's field names.
 */
export interface Wire {
  version: A2aVersion;
  /** `list` only where the version defines a list method (0.3 has none). */
  methods: {
    send: string;
    get: string;
    cancel: string;
    list?: string;
    stream: string;
    subscribe: string;
    extendedCard: string;
  };
  readSendParams(params: Record<string, unknown>): Read<IncomingMessage>;
  readGetParams(params: Record<string, unknown>): Read<TaskQuery>;
  readCancelParams(params: Record<string, unknown>): Read<CancelQuery>;
  readListParams?(params: Record<string, unknown>): Read<TaskListQuery>;
  /** The result of ListTasks. */
  listResult?(page: TaskPage): unknown;
  /** A JSON-RPC error's `data`: 0.3 answers the ErrorMessage itself, 1.0 its typed details array. */
  errorData(body: ErrorMessage, jsonRpcCode: number): unknown;
  /** SubscribeToTask (tasks/resubscribe) names the task by `id`. */
  readSubscribeParams(params: Record<string, unknown>): Read<{ id: string }>;
  /**
   * The result of one streamed event (a JSON-RPC response per SSE event); `final`: the stream closes
   * after it; `historyLength` cuts a snapshot's history as GetTask's does.
   */
  streamResult(event: TaskEvent, final: boolean, historyLength: number | undefined): unknown;
  /** The result of message/send (SendMessage). */
  sendResult(task: AgentTask, historyLength: number | undefined): unknown;
  /** The result of tasks/get (GetTask), and of tasks/cancel (CancelTask). */
  taskResult(task: AgentTask, historyLength: number | undefined): unknown;
}

/** A2A's historyLength: unset, every message; 0, none; n, the last n. */
function limitHistory<T>(history: readonly T[], historyLength: number | undefined): T[] {
  if (historyLength === undefined) return [...history];
  return historyLength === 0 ? [] : history.slice(-historyLength);
}

/** The agent's status message of a task that failed or waits for input: the last message, the agent's. */
function statusMessage(task: Omit<AgentTask, 'ownerGrantId'>): AgentMessage | undefined {
  const last = task.history.at(-1);
  return task.state !== 'completed' && last?.role === 'agent' ? last : undefined;
}

/** The params errors of a version's zod schema, as A2A_INVALID_PARAMS naming each field. */
export function invalidParams(issues: z.core.$ZodIssue[]): { invalid: ErrorMessage } {
  const described = validationErrorMessage(issues);
  return { invalid: errorMessage('A2A_INVALID_PARAMS', described.message, described.details) };
}

/** One params problem found by hand (after the schema), naming its field. */
export function invalidParam(parameter: string, message: string): { invalid: ErrorMessage } {
  return {
    invalid: errorMessage('A2A_INVALID_PARAMS', `Invalid parameter "${parameter}": ${message}`, [
      { parameter, message },
    ]),
  };
}

/** What both versions share in a message's params. */
/** A text part: bounded, and without NUL, which the text router and PostgreSQL text refuse (-32602, not a 500). */
export const ZText = z
  .string()
  .max(MAX_TEXT_CHARACTERS, { message: `a text part holds at most ${MAX_TEXT_CHARACTERS} characters` })
  .check(noNul());
export const ZMessageId = z.string().min(1).max(200);
/** A task id or context id as a client sends it; an empty string means none (proto3 clients send ""). */
export const ZTaskReference = z.string().max(200);
/**
 * historyLength is an upper bound (A2A 1.0 section 3.2.4, "the server MUST NOT return more messages
 * than the provided value, but MAY apply a lower limit"): any count up to proto's int32 is valid, and
 * one beyond a task's history (at most 50 messages) reads all of it.
 */
export const ZHistoryLength = z.number().int().min(0).max(2_147_483_647);
export const ZContextId = ZAgentContextId.or(z.literal(''));

/**
 * A file part (url, raw, file): no skill reads files, so its media type is not supported (A2A's
 * ContentTypeNotSupportedError, -32005, in both versions), naming the part.
 */
export function unsupportedPart(parameter: string): { invalid: ErrorMessage } {
  const message =
    'file parts (url, raw, file) are not supported: send a data part {"skill": "<id>", "arguments": {...}} or a text part';
  return {
    invalid: errorMessage('A2A_CONTENT_TYPE_NOT_SUPPORTED', `Unsupported part "${parameter}": ${message}`, [
      { parameter, message },
    ]),
  };
}

/** How one version words a task: whether objects carry `kind`, its state and role names, its parts. */
export interface WireWords {
  /** 0.3 puts `kind: "task"` and `kind: "message"` on those objects; 1.0 has no kind fields. */
  kinds: boolean;
  states: Record<AgentTask['state'], string>;
  roles: Record<AgentMessage['role'], string>;
  part(value: AgentPart): unknown;
}

/** A message of a task in a version's words. */
function writeMessage(
  words: WireWords,
  entry: AgentMessage,
  value: Pick<AgentTask, 'id' | 'contextId'>,
): Record<string, unknown> {
  return {
    ...(words.kinds ? { kind: 'message' } : {}),
    messageId: entry.messageId,
    role: words.roles[entry.role],
    parts: entry.parts.map(words.part),
    contextId: value.contextId,
    taskId: value.id,
  };
}

/** An artifact in a version's words. */
export function writeArtifact(words: WireWords, artifact: AgentTask['artifacts'][number]) {
  return { artifactId: artifact.artifactId, name: artifact.name, parts: artifact.parts.map(words.part) };
}

/** A task's status in a version's words: its state, the agent's status message if any, its time. */
export function writeStatus(
  words: WireWords,
  task: Pick<AgentTask, 'id' | 'contextId'>,
  status: { state: AgentTask['state']; message?: AgentMessage | undefined; timestamp: string },
) {
  return {
    state: words.states[status.state],
    ...(status.message ? { message: writeMessage(words, status.message, task) } : {}),
    timestamp: status.timestamp,
  };
}

/** A neutral task in a version's words, its history cut to `historyLength` (see limitHistory). */
export function writeTask(words: WireWords, value: Omit<AgentTask, 'ownerGrantId'>, historyLength: number | undefined) {
  const message = (entry: AgentMessage) => writeMessage(words, entry, value);
  return {
    ...(words.kinds ? { kind: 'task' } : {}),
    id: value.id,
    contextId: value.contextId,
    status: writeStatus(words, value, {
      state: value.state,
      message: statusMessage(value),
      timestamp: value.updatedAt,
    }),
    artifacts: value.artifacts.map((artifact) => writeArtifact(words, artifact)),
    history: limitHistory(value.history, historyLength).map(message),
  };
}

/** What both versions' send params share once read: the client's message ids and its parts in the neutral shape. */
export function incomingMessage(
  message: { messageId: string; contextId?: string; taskId?: string },
  parts: AgentPart[],
  historyLength: number | undefined,
): { value: IncomingMessage } {
  return {
    value: {
      message: { messageId: message.messageId, role: 'user', parts },
      // proto3 clients send "" for an unset string.
      contextId: message.contextId || undefined,
      taskId: message.taskId || undefined,
      historyLength,
    },
  };
}

const ZGetParams = z.looseObject({ id: ZTaskReference.min(1), historyLength: ZHistoryLength.optional() });

const ZSubscribeParams = z.looseObject({ id: ZTaskReference.min(1) });

/** tasks/resubscribe (0.3) and SubscribeToTask (1.0) take the same params (1.0's `tenant` is not served). */
export function readSubscribeParams(params: Record<string, unknown>): Read<{ id: string }> {
  const parsed = ZSubscribeParams.safeParse(params);
  return parsed.success ? { value: { id: parsed.data.id } } : invalidParams(parsed.error.issues);
}

/** tasks/get (0.3) and GetTask (1.0) take the same params. */
export function readGetParams(params: Record<string, unknown>): Read<TaskQuery> {
  const parsed = ZGetParams.safeParse(params);
  return parsed.success
    ? { value: { id: parsed.data.id, historyLength: parsed.data.historyLength } }
    : invalidParams(parsed.error.issues);
}

const ZCancelParams = z.looseObject({ id: ZTaskReference.min(1) });

/** tasks/cancel (0.3) and CancelTask (1.0) take the same params: the id (metadata is not read). */
export function readCancelParams(params: Record<string, unknown>): Read<CancelQuery> {
  const parsed = ZCancelParams.safeParse(params);
  return parsed.success ? { value: { id: parsed.data.id } } : invalidParams(parsed.error.issues);
}
