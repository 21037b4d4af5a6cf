import { z } from 'zod';
import type { AgentMessage, AgentPart, AgentTask } from '../../core/routers/agent-tasks/agent-task.schema.ts';
import {
  invalidParam,
  invalidParams,
  limitHistory,
  MAX_PARTS,
  statusMessage,
  UNSUPPORTED_PART,
  ZContextId,
  ZHistoryLength,
  ZMessageId,
  ZTaskReference,
  ZText,
  type Wire,
} from './wire.ts';

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

const ZGetParams = z.looseObject({ id: ZTaskReference.min(1), historyLength: ZHistoryLength.optional() });

const states = {
  completed: 'TASK_STATE_COMPLETED',
  failed: 'TASK_STATE_FAILED',
  'input-required': 'TASK_STATE_INPUT_REQUIRED',
} as const;

const roles = { user: 'ROLE_USER', agent: 'ROLE_AGENT' } as const;

function part(value: AgentPart) {
  return value.kind === 'text'
    ? { text: value.text, mediaType: 'text/plain' }
    : { data: value.data, mediaType: 'application/json' };
}

function message(value: AgentMessage, task: AgentTask) {
  return {
    messageId: value.messageId,
    contextId: task.contextId,
    taskId: task.id,
    role: roles[value.role],
    parts: value.parts.map(part),
  };
}

function task(value: AgentTask, historyLength: number | undefined) {
  const status = statusMessage(value);
  return {
    id: value.id,
    contextId: value.contextId,
    status: {
      state: states[value.state],
      ...(status ? { message: message(status, value) } : {}),
      timestamp: value.updatedAt,
    },
    artifacts: value.artifacts.map((artifact) => ({
      artifactId: artifact.artifactId,
      name: artifact.name,
      parts: artifact.parts.map(part),
    })),
    history: limitHistory(value.history, historyLength).map((entry) => message(entry, value)),
  };
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
  return invalidParam(`message.parts.${index}`, UNSUPPORTED_PART);
}

/** A2A 1.0 (JSON-RPC binding): no `kind` fields, ROLE_ and TASK_STATE_ enums as strings; the send result is {task}. */
export const wire10: Wire = {
  version: '1.0',
  methods: { send: 'SendMessage', get: 'GetTask' },
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
    return {
      value: {
        message: { messageId: incoming.messageId, role: 'user', parts },
        contextId: incoming.contextId || undefined,
        taskId: incoming.taskId || undefined,
        historyLength: configuration?.historyLength,
      },
    };
  },
  readGetParams(params) {
    const parsed = ZGetParams.safeParse(params);
    return parsed.success
      ? { value: { id: parsed.data.id, historyLength: parsed.data.historyLength } }
      : invalidParams(parsed.error.issues);
  },
  sendResult: (value, historyLength) => ({ task: task(value, historyLength) }),
  taskResult: task,
};
