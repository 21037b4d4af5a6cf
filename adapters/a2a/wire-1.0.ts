import { z } from 'zod';
import type { AgentPart, AgentTask } from '../../core/services/agent-tasks/agent-task.schema.ts';
import type { TaskEvent } from '../../core/services/agent-tasks/task-events.ts';
import {
  incomingMessage,
  invalidParam,
  invalidParams,
  MAX_PARTS,
  readCancelParams,
  readGetParams,
  readSubscribeParams,
  unsupportedPart,
  writeArtifact,
  writeStatus,
  writeTask,
  ZContextId,
  ZHistoryLength,
  ZMessageId,
  ZTaskReference,
  ZText,
  type Wire,
  type WireWords,
} from './wire.ts';
import { errorDetails } from './error-details.ts';
import { listResult, readListParams } from './list-tasks-1.0.ts';

/** A 1.0 Part: exactly one of text, data, url, raw (a oneof), plus metadata, filename, mediaType. */
const ZPart = z.looseObject({
  text: ZText.optional(),
  data: z.unknown().optional(),
  url: z.string().optional(),
  raw: z.string().optional(),
});

const ZSendParams = z.looseObject({
  message: z.looseObject({
    messageId: ZMessageId,
    role: z.literal('ROLE_USER', { message: 'expected "ROLE_USER"' }),
    parts: z.array(ZPart).min(1).max(MAX_PARTS),
    contextId: ZContextId.optional(),
    taskId: ZTaskReference.optional(),
  }),
  configuration: z.looseObject({ historyLength: ZHistoryLength.optional() }).optional(),
});

const words: WireWords = {
  kinds: false,
  states: {
    submitted: 'TASK_STATE_SUBMITTED',
    working: 'TASK_STATE_WORKING',
    'input-required': 'TASK_STATE_INPUT_REQUIRED',
    completed: 'TASK_STATE_COMPLETED',
    canceled: 'TASK_STATE_CANCELED',
    failed: 'TASK_STATE_FAILED',
  },
  roles: { user: 'ROLE_USER', agent: 'ROLE_AGENT' },
  part: (value: AgentPart) =>
    value.kind === 'text'
      ? { text: value.text, mediaType: 'text/plain' }
      : { data: value.data, mediaType: 'application/json' },
};

const task = (value: AgentTask, historyLength: number | undefined) => writeTask(words, value, historyLength);

/** 1.0's StreamResponse: a oneof of task, statusUpdate and artifactUpdate (no `final`: the stream's end says it). */
function streamResponse10(event: TaskEvent, _final: boolean, historyLength: number | undefined): unknown {
  switch (event.kind) {
    case 'task':
      return { task: writeTask(words, event.task, historyLength) };
    case 'status-update': {
      const status = writeStatus(words, { id: event.taskId, contextId: event.contextId }, event);
      return { statusUpdate: { taskId: event.taskId, contextId: event.contextId, status } };
    }
    case 'artifact-update': {
      const { taskId, contextId, append, lastChunk } = event;
      return {
        artifactUpdate: { taskId, contextId, artifact: writeArtifact(words, event.artifact), append, lastChunk },
      };
    }
  }
}

/** Reads one 1.0 part into the neutral shape; a data part must be an object here ({skill, arguments}). */
function readPart(entry: z.infer<typeof ZPart>, index: number): AgentPart | ReturnType<typeof invalidParam> {
  const present = (['text', 'data', 'url', 'raw'] as const).filter((field) => entry[field] !== undefined);
  if (present.length !== 1)
    return invalidParam(`message.parts.${index}`, 'a part holds exactly one of text, data, url or raw');
  if (entry.text !== undefined) return { kind: 'text', text: entry.text };
  if (entry.data !== undefined) {
    const { data } = entry;
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      return invalidParam(
        `message.parts.${index}.data`,
        'expected an object such as {"skill": "<id>", "arguments": {...}}',
      );
    return { kind: 'data', data: data as Record<string, unknown> };
  }
  return unsupportedPart(`message.parts.${index}`);
}

/** A2A 1.0 (JSON-RPC binding): no `kind` fields, ROLE_ and TASK_STATE_ enums as strings; the send result is {task}. */
export const wire10: Wire = {
  version: '1.0',
  methods: {
    send: 'SendMessage',
    get: 'GetTask',
    cancel: 'CancelTask',
    list: 'ListTasks',
    stream: 'SendStreamingMessage',
    subscribe: 'SubscribeToTask',
    extendedCard: 'GetExtendedAgentCard',
  },
  readSendParams(params) {
    const parsed = ZSendParams.safeParse(params);
    if (!parsed.success) return invalidParams(parsed.error.issues);
    const { message: incoming, configuration } = parsed.data;
    const parts: AgentPart[] = [];
    for (const [index, entry] of incoming.parts.entries()) {
      const read = readPart(entry, index);
      if ('invalid' in read) return read;
      parts.push(read);
    }
    return incomingMessage(incoming, parts, configuration?.historyLength);
  },
  readGetParams,
  readCancelParams,
  readListParams,
  readSubscribeParams,
  sendResult: (value, historyLength) => ({ task: task(value, historyLength) }),
  streamResult: streamResponse10,
  taskResult: task,
  listResult: (page) => listResult(page, task),
  errorData: errorDetails,
};
