import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { appendTaskEvents, readTaskEvents } from '../../core/services/agent-tasks/task-events.query.ts';
import { statusEvent } from '../../core/services/agent-tasks/task-events.ts';
import { continueTask, recordTask } from '../../core/services/agent-tasks/task-store.ts';
import { serviceContext } from '../helpers/workspace.ts';
import { sql } from '../helpers/sql.ts';

const source = () => serviceContext().sql;

async function waitingTask() {
  return recordTask(
    source(),
    {
      contextId: `events-${randomUUID()}`,
      ownerGrantId: null,
      state: 'input-required',
      skill: null,
      history: [{ messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: 'hello' }] }],
      artifacts: [],
    },
    new Date(),
  );
}

/** The events stored with a task (core/services/agent-tasks/task-events.query.ts), below the A2A methods. */
describe('A2A task events', () => {
  it('a new task has its snapshot as event 1; a continuation appends its artifact and status in its statement', async () => {
    const task = await waitingTask();
    expect(task.eventSeq).to.equal(1);
    const [snapshot] = await readTaskEvents(source(), task.id, 0, 10);
    expect(snapshot).to.deep.include({ seq: 1 });
    expect(snapshot!.event).to.deep.include({ kind: 'task' });
    const artifact = {
      artifactId: randomUUID(),
      name: 'find-businesses',
      parts: [{ kind: 'text' as const, text: 'x' }],
    };
    const done = await continueTask(
      source(),
      {
        id: task.id,
        seenHistoryLength: 1,
        state: 'completed',
        skill: 'find-businesses',
        history: task.history,
        artifacts: [artifact],
      },
      new Date(),
      task.contextId,
    );
    expect(done!.eventSeq).to.equal(3);
    const events = await readTaskEvents(source(), task.id, 1, 10);
    expect(events.map((entry) => [entry.seq, entry.event.kind])).to.deep.equal([
      [2, 'artifact-update'],
      [3, 'status-update'],
    ]);
    expect(events[1]!.event).to.deep.include({ state: 'completed', final: true, contextId: task.contextId });
  });

  it('concurrent appends (a cancel beside a continuation, say) take distinct consecutive numbers', async () => {
    const task = await waitingTask();
    const at = new Date().toISOString();
    const taken = await Promise.all(
      Array.from({ length: 8 }, () =>
        appendTaskEvents(source(), task.id, [statusEvent({ ...task, state: 'input-required' }, at)], new Date()),
      ),
    );
    expect(taken.flat().sort((a, b) => a - b)).to.deep.equal([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await appendTaskEvents(source(), randomUUID(), [statusEvent(task, at)], new Date())).to.deep.equal([]);
  });

  it('the events go with their task', async () => {
    const task = await waitingTask();
    await sql('delete from agent_tasks where id = ?', [task.id]);
    expect(await readTaskEvents(source(), task.id, 0, 10)).to.deep.equal([]);
  });
});
