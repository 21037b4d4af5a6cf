import { runQuery, type SqlSource } from '../sql/query.ts';

/** A stored task as its row reads (history and artifacts are json, parsed by the driver). */
export interface AgentTaskRow {
  id: string;
  context_id: string;
  state: 'completed' | 'failed' | 'input-required';
  skill: string | null;
  history: unknown[];
  artifacts: unknown[];
  /** timestamptz: a Date or its text, depending on the driver's type parsers. */
  created_at: Date | string;
  updated_at: Date | string;
}

const columns = 'id, context_id, state, skill, history, artifacts, created_at, updated_at';

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
  task: AgentTaskContent & { id: string; contextId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await runQuery(source, {
    sql: `insert into agent_tasks (id, context_id, state, skill, history, artifacts, created_at, updated_at, expires_at)
            values (?, ?, ?, ?, ?::json, ?::json, ?::timestamptz, ?::timestamptz, ?::timestamptz)`,
    params: [
      task.id,
      task.contextId,
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
): Promise<Pick<AgentTaskRow, 'context_id' | 'created_at'> | undefined> {
  const [row] = await runQuery<Pick<AgentTaskRow, 'context_id' | 'created_at'>>(source, {
    sql: `update agent_tasks
             set state = ?, skill = ?, history = ?::json, artifacts = ?::json,
                 updated_at = ?::timestamptz, expires_at = ?::timestamptz
           where id = ? and state = 'input-required' and json_array_length(history) = ?
             and expires_at > ?::timestamptz
          returning context_id, created_at`,
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

/** The task with this id, unless it has expired (a row the sweeper has not reached yet reads as gone). */
export async function findAgentTask(source: SqlSource, id: string, now: Date): Promise<AgentTaskRow | undefined> {
  const [row] = await runQuery<AgentTaskRow>(source, {
    sql: `select ${columns} from agent_tasks where id = ? and expires_at > ?::timestamptz`,
    params: [id, now.toISOString()],
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
