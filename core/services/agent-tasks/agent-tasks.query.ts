import type { agentTaskStates } from '../../../orm/entities/agent/agent-task.ts';
import { runQuery, type SqlSource } from '../sql/query.ts';

/** A stored task as its row reads (history and artifacts are json, parsed by the driver). */
export interface AgentTaskRow {
  id: string;
  context_id: string;
  state: (typeof agentTaskStates)[number];
  skill: string | null;
  history: unknown[];
  artifacts: unknown[];
  /** timestamptz: a Date or its text, depending on the driver's type parsers. */
  created_at: Date | string;
  updated_at: Date | string;
  owner_grant_id: string | null;
  /** bigint: text, as the driver reads it. */
  status_seq: string;
}

export const columns =
  'id, context_id, state, skill, history, artifacts, created_at, updated_at, owner_grant_id, status_seq';

/**
 * The condition that a task is visible to a caller (core/services/a2a/caller.ts): an anonymous
 * task to anyone holding its id, an owned one to its grant only. Binds one parameter: the caller's
 * grant id, or null.
 */
export const VISIBLE_TO_CALLER = '(owner_grant_id is null or owner_grant_id = ?::uuid)';

/** What a task holds besides its id and times. */
export interface AgentTaskContent {
  state: AgentTaskRow['state'];
  skill: string | null;
  history: unknown[];
  artifacts: unknown[];
}

/**
 * Stores a new task, in one statement that returns nothing: the caller holds everything the row
 * holds. Returning the history and artifacts (a skill's whole answer) made the server serialise
 * them again and the driver parse them again on every A2A message (bench/a2a).
 */
export async function insertAgentTask(
  source: SqlSource,
  task: AgentTaskContent & { id: string; contextId: string; ownerGrantId: string | null; now: Date; expiresAt: Date },
): Promise<void> {
  await runQuery(source, {
    sql: `insert into agent_tasks (id, context_id, owner_grant_id, status_seq, state, skill, history, artifacts, created_at, updated_at, expires_at)
            values (?, ?, ?::uuid, nextval('agent_task_status_seq'), ?, ?, ?::json, ?::json, ?::timestamptz, ?::timestamptz, ?::timestamptz)`,
    params: [
      task.id,
      task.contextId,
      task.ownerGrantId,
      task.state,
      task.skill,
      JSON.stringify(task.history),
      JSON.stringify(task.artifacts),
      task.now.toISOString(),
      task.now.toISOString(),
      task.expiresAt.toISOString(),
    ],
  });
}

/**
 * Continues a task that waits for input, only if it still waits and nobody continued it since it
 * was read: the update is conditional on the state and on the number of messages the reader saw
 * (history only grows), so of two concurrent continuations exactly one wins and the other gets
 * undefined. An expired task is not continued either. Answers only what the caller does not hold
 * (the task's conversation and creation time), not the content it has just written.
 */
export async function continueAgentTask(
  source: SqlSource,
  task: AgentTaskContent & { id: string; seenHistoryLength: number; now: Date; expiresAt: Date },
): Promise<Pick<AgentTaskRow, 'context_id' | 'created_at' | 'owner_grant_id'> | undefined> {
  const [row] = await runQuery<Pick<AgentTaskRow, 'context_id' | 'created_at' | 'owner_grant_id'>>(source, {
    sql: `update agent_tasks
             set state = ?, skill = ?, history = ?::json, artifacts = ?::json,
                 status_seq = nextval('agent_task_status_seq'), updated_at = ?::timestamptz, expires_at = ?::timestamptz
           where id = ? and state = 'input-required' and json_array_length(history) = ?
             and expires_at > ?::timestamptz
          returning context_id, created_at, owner_grant_id`,
    params: [
      task.state,
      task.skill,
      JSON.stringify(task.history),
      JSON.stringify(task.artifacts),
      task.now.toISOString(),
      task.expiresAt.toISOString(),
      task.id,
      task.seenHistoryLength,
      task.now.toISOString(),
    ],
  });
  return row;
}

/**
 * The task with this id, unless it has expired (a row the sweeper has not reached yet reads as gone)
 * or belongs to a grant other than `ownerGrantId` (the caller's; null for an anonymous caller).
 */
export async function findAgentTask(
  source: SqlSource,
  id: string,
  ownerGrantId: string | null,
  now: Date,
): Promise<AgentTaskRow | undefined> {
  const [row] = await runQuery<AgentTaskRow>(source, {
    sql: `select ${columns} from agent_tasks where id = ? and expires_at > ?::timestamptz and ${VISIBLE_TO_CALLER}`,
    params: [id, now.toISOString(), ownerGrantId],
  });
  return row;
}

/**
 * Deletes up to `limit` expired tasks, oldest expiry first, and answers how many: a sweeper calls it
 * until it answers fewer than `limit`, so one call never holds a long lock on a large backlog.
 */
export async function deleteExpiredTasks(source: SqlSource, now: Date, limit: number): Promise<number> {
  const rows = await runQuery<{ id: string }>(source, {
    sql: `delete from agent_tasks
           where id in (select id from agent_tasks where expires_at <= ?::timestamptz order by expires_at limit ?)
          returning id`,
    params: [now.toISOString(), limit],
  });
  return rows.length;
}
