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

const ZPart = z.discriminatedUnion('kind', [
  z.looseObject({ kind: z.literal('text'), text: ZText }),
  z.looseObject({ kind: z.literal('data'), data: z.record(z.string(), z.unknown()) }),
  z.looseObject({ kind: z.literal('file') }),
]);

const ZSendParams = z.looseObject({
  message: z.looseObject({
    kind: z.literal('message').optional(),
    messageId: ZMessageId,
    role: z.literal('user', { message: 'expected "user"' }),
    parts: z.array(ZPart).min(1).max(MAX_PARTS),
    contextId: ZContextId.optional(),
    taskId: ZTaskReference.optional(),
  }),
  configuration: z.looseObject({ historyLength: ZHistoryLength.optional() }).optional(),
});

const ZGetParams = z.looseObject({ id: ZTaskReference.min(1), historyLength: ZHistoryLength.optional() });

const states = { completed: 'completed', failed: 'failed', 'input-required': 'input-required' } as const;

function part(value: AgentPart) {
  return value.kind === 'text' ? { kind: 'text', text: value.text } : { kind: 'data', data: value.data };
}

function message(value: AgentMessage, task: AgentTask) {
  return {
    kind: 'message',
    messageId: value.messageId,
    role: value.role,
    parts: value.parts.map(part),
    contextId: task.contextId,
    taskId: task.id,
  };
}

function task(value: AgentTask, historyLength: number | undefined) {
  const status = statusMessage(value);
  return {
    kind: 'task',
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

/** A2A 0.3 (JSON-RPC binding): `kind` on every object, lower-case states and roles; the send result is the Task. */
export const wire03: Wire = {
  version: '0.3',
  methods: { send: 'message/send', get: 'tasks/get' },
  readSendParams(params) {
    const parsed = ZSendParams.safeParse(params);
    if (!parsed.success) return invalidParams(parsed.error.issues);
    const { message: incoming, configuration } = parsed.data;
    const parts: AgentPart[] = [];
    for (const [index, entry] of incoming.parts.entries()) {
      if (entry.kind === 'file') return invalidParam(`message.parts.${index}`, UNSUPPORTED_PART);
      parts.push(entry.kind === 'text' ? { kind: 'text', text: entry.text } : { kind: 'data', data: entry.data });
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
  sendResult: task,
  taskResult: task,
};
