import type { Context } from '../../context.ts';
import { errorMessage } from '../../errors/index.ts';
import { ZAgentTaskId } from '../agent-tasks/agent-task.schema.ts';
import { isTerminal, snapshotEvent } from '../agent-tasks/task-events.ts';
import { findTaskWithEventSeq, type StoredTask } from '../agent-tasks/task-store.ts';
import type { A2aExchange } from './a2a-exchange.ts';
import { a2aCallerOf } from './caller.ts';
import { followTaskEvents, type StreamedEvent } from './follow-task-events.ts';
import { answered, takeStreamSlot, type StreamOpening } from './stream-opening.ts';
import { taskNotFound } from './task-not-found.ts';

/** SubscribeToTask (1.0), tasks/resubscribe (0.3): the task, and the last event the client has (SSE Last-Event-ID). */
export interface TaskSubscription {
  id: string;
  lastEventId?: number;
}

const refused = (code: 'A2A_UNSUPPORTED_OPERATION' | 'A2A_INVALID_PARAMS', message: string) => ({
  kind: 'error' as const,
  error: errorMessage(code, message),
  status: 200,
  headers: {},
});

/** The stream of a task: its snapshot first (unless resuming), then its events until a terminal state. */
async function* subscription(
  context: Context,
  task: StoredTask,
  query: TaskSubscription,
  signal: AbortSignal | undefined,
  release: () => void,
): AsyncGenerator<StreamedEvent, void, undefined> {
  try {
    if (query.lastEventId === undefined) yield { seq: task.eventSeq, event: snapshotEvent(task), final: false };
    yield* followTaskEvents(context, context.services.a2aStreams, {
      task,
      afterSeq: query.lastEventId ?? task.eventSeq,
      closesAt: isTerminal,
      signal,
      release,
    });
  } finally {
    release();
  }
}

/**
 * Opens a subscription to a task the caller may see (caller.ts: another caller's task is -32001,
 * as an unknown one). Without Last-Event-ID the first event is the task as it stands (numbered with
 * its last event), then every later event; with it, exactly the events after that number, so a
 * client cut off resumes without loss or repeat, on any instance. A task already terminal with
 * nothing left to send is -32004, as A2A 1.0 prescribes; one whose terminal event the client has
 * not seen yet replays what it missed and closes.
 */
export async function subscribeToTask(
  query: TaskSubscription,
  context: Context,
  exchange: A2aExchange,
  signal: AbortSignal | undefined,
): Promise<StreamOpening> {
  const caller = a2aCallerOf(context);
  const task = ZAgentTaskId.safeParse(query.id).success
    ? await findTaskWithEventSeq(context.sql, query.id, caller, context.clock.now())
    : null;
  if (!task) return answered(context, exchange, taskNotFound(query.id));
  const { lastEventId } = query;
  if (lastEventId !== undefined && lastEventId > task.eventSeq)
    return answered(
      context,
      exchange,
      refused(
        'A2A_INVALID_PARAMS',
        `Invalid parameter "Last-Event-ID": task ${task.id} has no event ${lastEventId} (its last is ${task.eventSeq}).`,
      ),
    );
  if (isTerminal(task.state) && (lastEventId === undefined || lastEventId === task.eventSeq))
    return answered(
      context,
      exchange,
      refused(
        'A2A_UNSUPPORTED_OPERATION',
        `Task ${task.id} has ended (${task.state}): there is nothing to subscribe to; read it with GetTask (tasks/get).`,
      ),
    );
  const release = takeStreamSlot(context, caller);
  return { stream: { events: subscription(context, task, query, signal, release) } };
}
