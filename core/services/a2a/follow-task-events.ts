import type { Context } from '../../context.ts';
import type { AgentTask } from '../agent-tasks/agent-task.schema.ts';
import { stateOf, type TaskEvent } from '../agent-tasks/task-events.ts';
import type { A2aStreams } from './a2a-streams.ts';

/** One event as a stream sends it: its number (the SSE id), and whether the stream closes after it. */
export interface StreamedEvent {
  seq: number;
  event: TaskEvent;
  final: boolean;
}

/** Events read per query: a resumed stream far behind catches up in pages. */
const PAGE = 50;

export interface FollowOptions {
  task: Pick<AgentTask, 'id' | 'contextId'>;
  /** The number of the last event the client has: the stream sends the ones after it. */
  afterSeq: number;
  /** The states after which the stream closes (terminal; for a streamed message, input-required too). */
  closesAt: (state: AgentTask['state']) => boolean;
  /** Aborted when the client goes away. */
  signal: AbortSignal | undefined;
  /** Gives the stream's turn back (A2aStreams.open), once, when the stream ends however it ends. */
  release: () => void;
}

/** Resolves at the first of: a wake, the idle re-read, the deadline, the client gone. */
function nextWake(
  armed: { wake?: () => void; pending: boolean },
  waitMs: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (armed.pending) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      armed.wake = undefined;
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    signal?.addEventListener('abort', done, { once: true });
    armed.wake = done;
  });
}

/**
 * A task's events after `afterSeq`, in order, then the live ones as they are committed (on any
 * instance: they are read from the table, the hub only says when), until the task reaches a state
 * where the stream closes, the stream's lifetime ends, the client goes away or the process shuts
 * down. The events' task and conversation ids are the task's, whatever a writer stored.
 */
export async function* followTaskEvents(
  context: Context,
  streams: A2aStreams,
  options: FollowOptions,
): AsyncGenerator<StreamedEvent, void, undefined> {
  const { task, closesAt, signal } = options;
  const armed: { wake?: () => void; pending: boolean } = { pending: false };
  // Watching starts before the first read, so a commit between a read and the wait is not missed.
  const unwatch = streams.hub.watch(task.id, () => {
    armed.pending = true;
    armed.wake?.();
  });
  const deadline = Date.now() + streams.maxLifetimeMs;
  let seq = options.afterSeq;
  try {
    for (;;) {
      armed.pending = false;
      const events = await streams.readEvents(context.sql, task.id, seq, PAGE);
      for (const { seq: number, event } of events) {
        seq = number;
        const state = stateOf(event);
        const final = state !== undefined && closesAt(state);
        yield {
          seq,
          event: event.kind === 'task' ? event : { ...event, taskId: task.id, contextId: task.contextId },
          final,
        };
        if (final) return;
      }
      if (events.length === PAGE) continue;
      const left = deadline - Date.now();
      if (signal?.aborted || streams.closing || left <= 0) return;
      await nextWake(armed, Math.min(streams.idleRereadMs, left), signal);
    }
  } finally {
    unwatch();
    options.release();
  }
}
