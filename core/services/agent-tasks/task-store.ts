import { randomUUID } from 'node:crypto';
import type { SqlSource } from '../sql/query.ts';
import { ownerGrantOf, type A2aCaller } from '../a2a/caller.ts';
import type { AgentMessage, AgentTask } from './agent-task.schema.ts';
import { continueAgentTask, findAgentTask, insertAgentTask } from './agent-tasks.query.ts';
import { agentTaskExpiry } from './retention.ts';
import { cancelAgentTask } from './task-cancel.query.ts';
import { taskFromRow } from './task-record.ts';
import { artifactEvents, snapshotEvent, statusEvent } from './task-events.ts';

/** What a task holds besides its id, conversation and times. */
export type AgentTaskContent = Pick<AgentTask, 'state' | 'skill' | 'history' | 'artifacts'>;

/** A task as a write left it, with the number of its last event (what a stream of it has sent up to). */
export type StoredTask = AgentTask & { eventSeq: number };

/** The agent's status message of a task that is not completed: its last message, when the agent's. */
function statusMessageOf(content: AgentTaskContent): AgentMessage | undefined {
  const last = content.history.at(-1);
  return content.state !== 'completed' && last?.role === 'agent' ? last : undefined;
}

/**
 * Stores a new A2A task with a fresh random id (the capability that reads it back) and the
 * retention's expiry, and its first event, the snapshot (number 1). Answers the task as stored
 * without reading it back.
 */
export async function recordTask(
  source: SqlSource,
  content: AgentTaskContent & { contextId: string; ownerGrantId: string | null },
  now: Date,
): Promise<StoredTask> {
  const id = randomUUID();
  const at = now.toISOString();
  const { state, skill, history, artifacts, contextId, ownerGrantId } = content;
  const task = { id, contextId, state, skill, history, artifacts, createdAt: at, updatedAt: at, ownerGrantId };
  const events = [snapshotEvent(task)];
  await insertAgentTask(source, { ...content, id, now, expiresAt: agentTaskExpiry(now), events });
  return { ...task, eventSeq: events.length };
}

/**
 * Replaces the content of a task that waits for input (`from`, by default; or that works, for a
 * streamed skill that has run) with its continuation, only if it is still so and still has the
 * messages the caller saw: of two concurrent continuations one is stored and the other answers null
 * (as does a task that ended or expired meanwhile). Appends its artifacts and its new status as
 * events in the same statement. Restarts the retention.
 */
export async function continueTask(
  source: SqlSource,
  content: AgentTaskContent & { id: string; seenHistoryLength: number; from?: 'input-required' | 'working' },
  now: Date,
  contextId?: string,
): Promise<StoredTask | null> {
  const at = now.toISOString();
  // The events name the conversation; a caller that read the task passes it, else it is read back.
  const named = { id: content.id, contextId: contextId ?? '', state: content.state };
  const events = [...artifactEvents(named, content.artifacts), statusEvent(named, at, statusMessageOf(content))];
  const row = await continueAgentTask(source, {
    ...content,
    from: content.from ?? 'input-required',
    now,
    expiresAt: agentTaskExpiry(now),
    events,
  });
  if (!row) return null;
  const { id, state, skill, history, artifacts } = content;
  const createdAt = new Date(row.created_at).toISOString();
  const { owner_grant_id: ownerGrantId } = row;
  return {
    id,
    contextId: row.context_id,
    state,
    skill,
    history,
    artifacts,
    createdAt,
    updatedAt: at,
    ownerGrantId,
    eventSeq: row.event_seq,
  };
}

/** A stored task by its id, unless it expired or the caller may not see it (caller.ts). */
export async function findTask(source: SqlSource, id: string, caller: A2aCaller, now: Date): Promise<AgentTask | null> {
  const row = await findAgentTask(source, id, ownerGrantOf(caller), now);
  return row ? taskFromRow(row) : null;
}

/** What cancelling a task did: canceled it now, found it canceled already, found it ended, or found nothing. */
export type CancelOutcome =
  | { kind: 'canceled' | 'already-canceled'; task: AgentTask }
  | { kind: 'not-cancelable'; task: AgentTask }
  | { kind: 'not-found' };

/** The agent's status message of a canceled task. */
const CANCELED_TEXT = 'The task was canceled at the request of its client.';

/**
 * Cancels a task the caller may see (caller.ts): a submitted, working or input-required task moves
 * to `canceled` in one conditional update (cancelAgentTask), so of a cancel and a continuation
 * racing exactly one wins. When nothing moved, the task is read to say why: canceled already (the
 * cancel is idempotent), ended otherwise, or not there for this caller. The one place a task is
 * canceled, so whatever must follow a status change (an event to subscribers) follows it here.
 */
export async function cancelTask(source: SqlSource, id: string, caller: A2aCaller, now: Date): Promise<CancelOutcome> {
  const statusMessage = { messageId: randomUUID(), role: 'agent', parts: [{ kind: 'text', text: CANCELED_TEXT }] };
  const ownerGrantId = ownerGrantOf(caller);
  const row = await cancelAgentTask(source, { id, ownerGrantId, statusMessage, now, expiresAt: agentTaskExpiry(now) });
  if (row) return { kind: 'canceled', task: taskFromRow(row) };
  const task = await findTask(source, id, caller, now);
  if (!task) return { kind: 'not-found' };
  return { kind: task.state === 'canceled' ? 'already-canceled' : 'not-cancelable', task };
}

/** The same, with the number of its last event: a subscription's snapshot and where its events resume. */
export async function findTaskWithEventSeq(
  source: SqlSource,
  id: string,
  caller: A2aCaller,
  now: Date,
): Promise<StoredTask | null> {
  const row = await findAgentTask(source, id, ownerGrantOf(caller), now);
  return row ? { ...taskFromRow(row), eventSeq: row.event_seq } : null;
}
