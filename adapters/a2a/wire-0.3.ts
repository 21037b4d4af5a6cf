import { z } from 'zod';
import type { AgentPart, AgentTask } from '../../core/services/agent-tasks/agent-task.schema.ts';
import type { TaskEvent } from '../../core/services/agent-tasks/task-events.ts';
import {
  incomingMessage,
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

const words: WireWords = {
  kinds: true,
  states: {
    submitted: 'submitted',
    working: 'working',
    'input-required': 'input-required',
    completed: 'completed',
    canceled: 'canceled',
    failed: 'failed',
  },
  roles: { user: 'user', agent: 'agent' },
  part: (value: AgentPart) =>
    value.kind === 'text' ? { kind: 'text', text: value.text } : { kind: 'data', data: value.data },
};

const task = (value: AgentTask, historyLength: number | undefined) => writeTask(words, value, historyLength);

/** 0.3's stream results: the Task, or a TaskStatusUpdateEvent (with `final`) or TaskArtifactUpdateEvent, each with its `kind`. */
function streamResult03(event: TaskEvent, final: boolean, historyLength: number | undefined): unknown {
  switch (event.kind) {
    case 'task':
      return writeTask(words, event.task, historyLength);
    case 'status-update': {
      const status = writeStatus(words, { id: event.taskId, contextId: event.contextId }, event);
      return { kind: 'status-update', taskId: event.taskId, contextId: event.contextId, status, final };
    }
    case 'artifact-update': {
      const { taskId, contextId, append, lastChunk } = event;
      return {
        kind: 'artifact-update',
        taskId,
        contextId,
        artifact: writeArtifact(words, event.artifact),
        append,
        lastChunk,
      };
    }
  }
}

/**
 * A2A 0.3 (JSON-RPC binding): `kind` on every object, lower-case states and roles; the send result
 * is the Task. 0.3 defines no list method (its schema has none; ListTasks came with 1.0).
 */
export const wire03: Wire = {
  version: '0.3',
  methods: {
    send: 'message/send',
    get: 'tasks/get',
    cancel: 'tasks/cancel',
    stream: 'message/stream',
    subscribe: 'tasks/resubscribe',
    extendedCard: 'agent/getAuthenticatedExtendedCard',
  },
  readSendParams(params) {
    const parsed = ZSendParams.safeParse(params);
    if (!parsed.success) return invalidParams(parsed.error.issues);
    const { message: incoming, configuration } = parsed.data;
    const parts: AgentPart[] = [];
    for (const [index, entry] of incoming.parts.entries()) {
      if (entry.kind === 'file') return unsupportedPart(`message.parts.${index}`);
      parts.push(entry.kind === 'text' ? { kind: 'text', text: entry.text } : { kind: 'data', data: entry.data });
    }
    return incomingMessage(incoming, parts, configuration?.historyLength);
  },
  readGetParams,
  readCancelParams,
  readSubscribeParams,
  sendResult: task,
  streamResult: streamResult03,
  taskResult: task,
  // 0.3's error data is the ErrorMessage itself, as it has always been here.
  errorData: (body) => body,
};
