import { runQuery, type SqlSource } from '../sql/query.ts';
import type { NumberedTaskEvent, TaskEvent } from './task-events.ts';

/**
 * The statement part that appends `events` after a data-modifying CTE named `source` that answers
 * one task's `id` and its `event_seq` already raised by the number of events: they take the numbers
 * up to it, in order. Used inside the statement that changes the task (insertAgentTask,
 * continueAgentTask, appendTaskEvents), so a task never changes without its events, and the row
 * lock of that update gives two writers distinct numbers. Binds appendEventsParams' three values.
 */
export function appendEventsSql(source: string): string {
  return `insert into agent_task_events (task_id, seq, event, created_at)
          select ${source}.id, (${source}.event_seq - ?::int + e.ordinality)::int, e.value, ?::timestamptz
            from ${source}, json_array_elements(?::json) with ordinality as e(value, ordinality)`;
}

export function appendEventsParams(events: TaskEvent[], now: Date): unknown[] {
  return [events.length, now.toISOString(), JSON.stringify(events)];
}

/**
 * Appends events to a task whose content another statement of the caller's transaction changed
 * (CancelTask's store update, say): raises its counter and inserts them in one statement. Answers
 * the numbers taken; none when the task is gone.
 */
export async function appendTaskEvents(
  source: SqlSource,
  taskId: string,
  events: TaskEvent[],
  now: Date,
): Promise<number[]> {
  const rows = await runQuery<{ seq: number }>(source, {
    sql: `with bumped as (update agent_tasks set event_seq = event_seq + ? where id = ? returning id, event_seq),
               appended as (${appendEventsSql('bumped')} returning seq)
          select seq from appended order by seq`,
    params: [events.length, taskId, ...appendEventsParams(events, now)],
  });
  return rows.map((row) => row.seq);
}

/** Up to `limit` events of a task numbered after `afterSeq`, in order. */
export async function readTaskEvents(
  source: SqlSource,
  taskId: string,
  afterSeq: number,
  limit: number,
): Promise<NumberedTaskEvent[]> {
  return runQuery<NumberedTaskEvent>(source, {
    sql: 'select seq, event from agent_task_events where task_id = ? and seq > ? order by seq limit ?',
    params: [taskId, afterSeq, limit],
  });
}
