import type { Context } from '../../context.ts';
import { errorMessage } from '../../errors/index.ts';
import type { A2aOutcome } from './a2a-exchange.ts';
import { countAgentTasks, listAgentTasks, type TaskListScope } from '../agent-tasks/task-list.query.ts';
import { taskFromRow } from '../agent-tasks/task-record.ts';
import { a2aCallerOf } from './caller.ts';
import { filtersDigest, issuePageToken, readPageToken } from './page-token.ts';
import type { MethodResult } from './send-message.ts';

/** ListTasks' page size when the client names none, and its bounds (A2A 1.0's ListTasksRequest). */
const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
/**
 * The most tasks totalSize counts: beyond it totalSize reads this number. Counting is a range scan
 * of the same index a page reads, so the bound keeps a first page of a very large list cheap
 * (bench/a2a.ts measures it); later pages carry the first page's count in their token.
 */
const MAX_COUNTED_TASKS = 10_000;

/**
 * The states a client may filter on: A2A 1.0's, including `rejected` and `auth-required`, which no
 * task here ever enters (the filter is valid and matches nothing).
 */
export const LISTABLE_STATES = [
  'submitted',
  'working',
  'input-required',
  'completed',
  'canceled',
  'failed',
  'rejected',
  'auth-required',
] as const;

/** ListTasks params in the neutral shape (the wire has checked their types and bounds). */
export interface TaskListQuery {
  contextId?: string;
  status?: (typeof LISTABLE_STATES)[number];
  pageSize?: number;
  pageToken?: string;
  historyLength?: number;
  /** ISO 8601 with an offset: tasks whose status changed at or after it. */
  statusTimestampAfter?: string;
  includeArtifacts?: boolean;
}

const invalid = (parameter: string, message: string): MethodResult => ({
  outcome: {
    kind: 'error',
    error: errorMessage('A2A_INVALID_PARAMS', `Invalid parameter "${parameter}": ${message}`, [{ parameter, message }]),
    status: 200,
    headers: {},
  },
  skill: null,
  logged: 'invalid_params',
});

/**
 * ListTasks (1.0): the tasks the caller may see (caller.ts), newest status first, a page at a time.
 * A grant caller lists its grant's tasks, optionally of one context; an anonymous caller must name
 * a context id (its capability) and lists that context's anonymous tasks only. Pages follow a
 * keyset cursor on status_seq, so tasks created or updated while a client pages never repeat or
 * push another task out of the pages still to come.
 */
export async function listTasks(query: TaskListQuery, context: Context): Promise<MethodResult> {
  const caller = a2aCallerOf(context);
  let scope: TaskListScope;
  if (caller.kind === 'grant') scope = { ownerGrantId: caller.grantId, contextId: query.contextId };
  else if (query.contextId !== undefined) scope = { ownerGrantId: null, contextId: query.contextId };
  else
    return invalid(
      'contextId',
      'required without an access token: an anonymous caller lists only the tasks of a context id it names (send the contextId of your conversation, or authenticate to list all of your tasks)',
    );
  const statusChangedSince =
    query.statusTimestampAfter === undefined ? undefined : new Date(query.statusTimestampAfter).toISOString();
  const filters = { state: query.status, statusChangedSince };
  const digest = filtersDigest({ contextId: query.contextId, ...filters });
  const cursor = query.pageToken === undefined ? undefined : readPageToken(query.pageToken, digest);
  if (cursor && 'refused' in cursor) return invalid('pageToken', cursor.refused);
  const now = context.clock.now();
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const rows = await listAgentTasks(context.sql, {
    scope,
    filters,
    before: cursor?.after,
    limit: pageSize + 1,
    withArtifacts: query.includeArtifacts === true,
    now,
  });
  const total = cursor
    ? cursor.total
    : Math.min(await countAgentTasks(context.sql, { scope, filters, cap: MAX_COUNTED_TASKS, now }), MAX_COUNTED_TASKS);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const nextPageToken = rows.length > pageSize && last ? issuePageToken({ after: last.status_seq, total }, digest) : '';
  const outcome: A2aOutcome = {
    kind: 'task-list',
    page: {
      tasks: page.map(taskFromRow),
      nextPageToken,
      totalSize: total,
      includeArtifacts: query.includeArtifacts === true,
      historyLength: query.historyLength,
    },
    headers: {},
  };
  return { outcome, skill: null, logged: 'tasks_listed' };
}
