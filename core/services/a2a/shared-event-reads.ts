import { readTaskEvents } from '../agent-tasks/task-events.query.ts';
import type { NumberedTaskEvent } from '../agent-tasks/task-events.ts';
import type { SqlSource } from '../sql/query.ts';
import type { TaskEventHub } from './task-event-hub.ts';

/**
 * Reads of a task's events that the streams of one process share: a hundred subscribers of a task,
 * woken by one announcement, all read after the same number, so they wait for one query instead of
 * running a hundred (bench:a2a, fan-out). A read is shared only by streams that asked for the same
 * events since the same announcement: one woken by a later announcement starts a read of its own,
 * so it never takes an answer read before the commit it was woken for.
 */
export function sharedEventReads(hub: TaskEventHub) {
  const inFlight = new Map<string, Promise<NumberedTaskEvent[]>>();
  return (source: SqlSource, taskId: string, afterSeq: number, limit: number): Promise<NumberedTaskEvent[]> => {
    const key = `${taskId}:${afterSeq}:${limit}:${hub.announcements(taskId)}`;
    let read = inFlight.get(key);
    if (!read) {
      read = readTaskEvents(source, taskId, afterSeq, limit).finally(() => inFlight.delete(key));
      inFlight.set(key, read);
    }
    return read;
  };
}
