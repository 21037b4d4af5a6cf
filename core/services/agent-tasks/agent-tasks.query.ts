import type { agentTaskStates } from '../../../orm/entities/agent/agent-task.ts';
import { runQuery, type SqlSource } from '../sql/query.ts';
import { appendEventsParams, appendEventsSql } from './task-events.query.ts';
import type { TaskEvent } from './task-events.ts';

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

/** A row with the number of its task's last event (agent_task_events). */
export type AgentTaskRowWithEvents = AgentTaskRow & { event_seq: number };

export const columns =
  'id, context_id, state, skill, history, artifacts, created_at, updated_at, owner_grant_id, status_seq, event_seq';

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
 * Stores a new task with its first events (numbered from 1), in one statement that returns nothing:
 * the caller holds everything the row holds. Returning the history and artifacts (a skill's whole
 * answer) made the server serialise them again and the driver parse them again on every A2A message
 * (bench/a2a).
 */
export async function insertAgentTask(
  source: SqlSource,
  task: AgentTaskContent & {
    id: string;
    contextId: string;
    ownerGrantId: string | null;
    now: Date;
    expiresAt: Date;
    events: TaskEvent[];
  },
): Promise<void> {
  await runQuery(source, {
    sql: `with inserted as (
            insert into agent_tasks (id, context_id, owner_grant_id, status_seq, state, skill, history, artifacts, created_at, updated_at, expires_at, event_seq)
            values (?, ?, ?::uuid, nextval('agent_task_status_seq'), ?, ?, ?::json, ?::json, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?)
            returning id, event_seq)
          ${appendEventsSql('inserted')}`,
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
      task.events.length,
      ...appendEventsParams(task.events, task.now),
    ],
  });
}

/**
 * Continues a task that waits for input (or, `from: 'working'`, ends one whose streamed skill ran),
 * only if it is still in that state and nobody changed it since it was read: the update is
 * conditional on the state and on the number of messages the reader saw (history only grows), so of
 * two concurrent continuations exactly one wins and the other gets undefined. An expired task is not
 * continued either. Its events are appended in the same statement. Answers only what the caller
 * does not hold (the task's conversation and creation time), not the content it has just written.
 */
export async function continueAgentTask(
  source: SqlSource,
  task: AgentTaskContent & {
    id: string;
    from: 'input-required' | 'working';
    seenHistoryLength: number;
    now: Date;
    expiresAt: Date;
    events: TaskEvent[];
  },
): Promise<Pick<AgentTaskRowWithEvents, 'context_id' | 'created_at' | 'owner_grant_id' | 'event_seq'> | undefined> {
  const [row] = await runQuery<
    Pick<AgentTaskRowWithEvents, 'context_id' | 'created_at' | 'owner_grant_id' | 'event_seq'>
  >(source, {
    sql: `with updated as (
            update agent_tasks
               set state = ?, skill = ?, history = ?::json, artifacts = ?::json, event_seq = event_seq + ?,
                   status_seq = nextval('agent_task_status_seq'), updated_at = ?::timestamptz, expires_at = ?::timestamptz
             where id = ? and state = ? and json_array_length(history) = ?
               and expires_at > ?::timestamptz
            returning id, event_seq, context_id, created_at, owner_grant_id),
          appended as (${appendEventsSql('updated')})
          select context_id, created_at, owner_grant_id, event_seq from updated`,
    params: [
      task.state,
      task.skill,
      JSON.stringify(task.history),
      JSON.stringify(task.artifacts),
      task.events.length,
      task.now.toISOString(),
      task.expiresAt.toISOString(),
      task.id,
      task.from,
      task.seenHistoryLength,
      task.now.toISOString(),
      ...appendEventsParams(task.events, task.now),
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
): Promise<AgentTaskRowWithEvents | undefined> {
  const [row] = await runQuery<AgentTaskRowWithEvents>(source, {
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
