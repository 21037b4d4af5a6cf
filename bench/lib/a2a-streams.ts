import { randomUUID } from 'node:crypto';
import { appendTaskEvents } from '../../core/services/agent-tasks/task-events.query.ts';
import { statusEvent } from '../../core/services/agent-tasks/task-events.ts';
import { recordTask } from '../../core/services/agent-tasks/task-store.ts';
import type { RunningService } from '../../scripts/compose/start-service.ts';

/** Reads an SSE response to its end, calling `onEvent` at each event (comments left out). */
async function readEvents(response: Response, onEvent: (count: number) => void): Promise<number> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let count = 0;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) return count;
    buffer += chunk.value;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith(':')) continue;
      count += 1;
      onEvent(count);
    }
  }
}

/**
 * SendStreamingMessage (A2A 1.0) of `ask`: answers the time to its first event (the task `working`,
 * sent before the skill runs), after reading the stream to its end.
 */
export async function timeToFirstEvent(a2aUrl: string, ask: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  const response = await fetch(a2aUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'a2a-version': '1.0' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'SendStreamingMessage',
      params: { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ data: ask }] } },
    }),
  });
  let first = Number.NaN;
  const events = await readEvents(response, (count) => {
    if (count === 1) first = performance.now() - started;
  });
  if (response.status !== 200 || events !== 3)
    throw new Error(`SendStreamingMessage answered ${response.status}, ${events} events`);
  return first;
}

/**
 * `subscribers` SubscribeToTask streams of one task, then `events` status events appended to it one
 * statement at a time (as concurrent writers would: each announced to the hub, and on PostgreSQL
 * notified), then its final status. Answers the events delivered per second across all subscribers,
 * from the first append until every stream has closed.
 */
export async function fanOut(
  service: RunningService,
  a2aUrl: string,
  subscribers: number,
  events: number,
): Promise<{ delivered: number; seconds: number; perSecond: number }> {
  const source = service.database.orm.em.fork();
  const task = await recordTask(
    source,
    {
      contextId: randomUUID(),
      ownerGrantId: null,
      state: 'input-required',
      skill: null,
      history: [{ messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: 'bench' }] }],
      artifacts: [],
    },
    new Date(),
  );
  const snapshots: Array<() => void> = [];
  const allSubscribed = Array.from(
    { length: subscribers },
    () => new Promise<void>((resolve) => snapshots.push(resolve)),
  );
  const readers = snapshots.map(async (subscribed) => {
    const response = await fetch(a2aUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'a2a-version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SubscribeToTask', params: { id: task.id } }),
    });
    if (response.status !== 200) throw new Error(`SubscribeToTask answered ${response.status}`);
    return readEvents(response, (count) => {
      if (count === 1) subscribed();
    });
  });
  await Promise.all(allSubscribed);
  const started = performance.now();
  const at = () => new Date().toISOString();
  for (let i = 0; i < events; i += 1) {
    await appendTaskEvents(source, task.id, [statusEvent(task, at())], new Date());
    service.services.a2aStreams.hub.announce(task.id);
  }
  await appendTaskEvents(source, task.id, [statusEvent({ ...task, state: 'completed' }, at())], new Date());
  service.services.a2aStreams.hub.announce(task.id);
  const received = await Promise.all(readers);
  const seconds = (performance.now() - started) / 1000;
  // Each reader's first event is the snapshot, sent before the clock started.
  const delivered = received.reduce((sum, count) => sum + count - 1, 0);
  if (delivered !== subscribers * (events + 1))
    throw new Error(`delivered ${delivered} of ${subscribers * (events + 1)}`);
  return { delivered, seconds, perSecond: delivered / seconds };
}
