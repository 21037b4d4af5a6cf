import { z } from 'zod';
import type { TaskPage } from '../../core/services/a2a/a2a-exchange.ts';
import { MAX_PAGE_SIZE, type LISTABLE_STATES, type TaskListQuery } from '../../core/services/a2a/list-tasks.ts';
import type { AgentTask } from '../../core/services/agent-tasks/agent-task.schema.ts';
import { invalidParam, invalidParams, ZContextId, ZHistoryLength } from './wire.ts';

/** 1.0's TaskState names of the states a list filters on (every state of A2A 1.0). */
const STATES: Record<string, (typeof LISTABLE_STATES)[number]> = {
  TASK_STATE_SUBMITTED: 'submitted',
  TASK_STATE_WORKING: 'working',
  TASK_STATE_INPUT_REQUIRED: 'input-required',
  TASK_STATE_COMPLETED: 'completed',
  TASK_STATE_CANCELED: 'canceled',
  TASK_STATE_FAILED: 'failed',
  TASK_STATE_REJECTED: 'rejected',
  TASK_STATE_AUTH_REQUIRED: 'auth-required',
};

const pageSizeBounds = `an integer from 1 to ${MAX_PAGE_SIZE} (50 when left out)`;

/** ListTasksRequest (A2A 1.0); `tenant` is not read (this agent serves one). */
const ZListParams = z.looseObject({
  contextId: ZContextId.optional(),
  status: z.string().max(100).optional(),
  pageSize: z
    .number({ message: `expected ${pageSizeBounds}` })
    .int({ message: `expected ${pageSizeBounds}` })
    .min(1, { message: `expected ${pageSizeBounds}` })
    .max(MAX_PAGE_SIZE, { message: `expected ${pageSizeBounds}` })
    .optional(),
  pageToken: z.string().max(1000).optional(),
  historyLength: ZHistoryLength.optional(),
  statusTimestampAfter: z.iso
    .datetime({ offset: true, message: 'expected an RFC 3339 timestamp such as "2026-12-01T10:00:00Z"' })
    .optional(),
  includeArtifacts: z.boolean().optional(),
});

/** ListTasks params into the neutral query; proto3 clients send "" and TASK_STATE_UNSPECIFIED for unset. */
export function readListParams(
  params: Record<string, unknown>,
): { value: TaskListQuery } | ReturnType<typeof invalidParam> {
  const parsed = ZListParams.safeParse(params);
  if (!parsed.success) return invalidParams(parsed.error.issues);
  const { contextId, status, pageSize, pageToken, historyLength, statusTimestampAfter, includeArtifacts } = parsed.data;
  const unset = status === undefined || status === '' || status === 'TASK_STATE_UNSPECIFIED';
  const state = unset ? undefined : Object.hasOwn(STATES, status) ? STATES[status] : null;
  if (state === null) return invalidParam('status', `expected one of ${Object.keys(STATES).join(', ')}`);
  return {
    value: {
      ...(contextId ? { contextId } : {}),
      ...(state ? { status: state } : {}),
      ...(pageSize !== undefined ? { pageSize } : {}),
      ...(pageToken ? { pageToken } : {}),
      ...(historyLength !== undefined ? { historyLength } : {}),
      ...(statusTimestampAfter !== undefined ? { statusTimestampAfter } : {}),
      ...(includeArtifacts !== undefined ? { includeArtifacts } : {}),
    },
  };
}

/**
 * ListTasksResponse. `pageSize` is the number of tasks on this page (the compatibility kit reads it
 * so: 0 for an empty list); without includeArtifacts each task has no `artifacts` field at all.
 */
export function listResult(page: TaskPage, writeTask: (task: AgentTask, historyLength: number | undefined) => object) {
  const tasks = page.tasks.map((task) => {
    const written = writeTask(task, page.historyLength) as { artifacts?: unknown };
    if (!page.includeArtifacts) delete written.artifacts;
    return written;
  });
  return { tasks, nextPageToken: page.nextPageToken, pageSize: tasks.length, totalSize: page.totalSize };
}
