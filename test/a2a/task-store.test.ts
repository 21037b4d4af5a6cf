import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { AgentMessage } from '../../core/services/agent-tasks/agent-task.schema.ts';
import { AGENT_TASK_RETENTION_DAYS } from '../../core/services/agent-tasks/retention.ts';
import { continueTask, findTaskWithEventSeq, recordTask } from '../../core/services/agent-tasks/task-store.ts';
import { blogCaller } from '../blog/fixtures.ts';
import { sql } from '../helpers/sql.ts';
import { serviceContext } from '../helpers/workspace.ts';

const user = (text: string): AgentMessage => ({
  messageId: randomUUID(),
  role: 'user',
  parts: [{ kind: 'text', text }],
});
const agent = (text: string): AgentMessage => ({
  messageId: randomUUID(),
  role: 'agent',
  parts: [{ kind: 'text', text }],
});

/** The task store behind the A2A service (core/services/agent-tasks/task-store.ts), and the sweeper's procedure. */
describe('A2A task store', () => {
  const source = () => serviceContext().sql;
  // The store's functions, answering as the procedures the A2A adapter called before did.
  const caller = () => ({
    recordTask: (content: Parameters<typeof recordTask>[1]) => recordTask(source(), content, new Date()),
    continueTask: async (content: Parameters<typeof continueTask>[1]) => ({
      task: await continueTask(source(), content, new Date()),
    }),
    // With the number of its last event, as the writes answer it (findTaskWithEventSeq).
    getTask: async ({ id }: { id: string }) => ({
      task: await findTaskWithEventSeq(source(), id, { kind: 'anonymous' }, new Date()),
    }),
    deleteExpiredTasks: (input: { limit: number }) => blogCaller().infrastructure.agentTasks.sweepExpired(input),
  });

  async function waitingTask() {
    return caller().recordTask({
      contextId: `store-${randomUUID()}`,
      ownerGrantId: null,
      state: 'input-required',
      skill: null,
      history: [user('hello'), agent('Which skill?')],
      artifacts: [],
    });
  }

  it('records a task with a random id, expiring after the retention', async () => {
    const task = await waitingTask();
    expect(task.id).to.match(/^[0-9a-f-]{36}$/);
    const [row] = await sql<{ days: number }>(
      'select extract(epoch from (expires_at - updated_at)) / 86400 as days from agent_tasks where id = ?',
      [task.id],
    );
    expect(Number(row!.days)).to.equal(AGENT_TASK_RETENTION_DAYS);
    expect((await caller().getTask({ id: task.id })).task).to.deep.equal(task);
  });

  it('stores the whole answers with lz4, or uncompressed where the server has no lz4 (not pglz), and reads them back unchanged', async () => {
    const columns = await sql<{ name: string; storage: string; compression: string }>(
      `select c.relname || '.' || a.attname as name, a.attstorage as storage, a.attcompression::text as compression
         from pg_attribute a join pg_class c on c.oid = a.attrelid
        where (c.relname = 'agent_tasks' and a.attname in ('history', 'artifacts'))
           or (c.relname = 'idempotency_keys' and a.attname = 'response_body')
        order by 1`,
    );
    expect(columns.map((column) => column.name)).to.deep.equal([
      'agent_tasks.artifacts',
      'agent_tasks.history',
      'idempotency_keys.response_body',
    ]);
    for (const column of columns)
      expect(column.compression === 'l' || column.storage === 'e', JSON.stringify(column)).to.equal(true);
    const text = 'x'.repeat(20_000);
    const task = await caller().recordTask({
      contextId: `store-${randomUUID()}`,
      ownerGrantId: null,
      state: 'input-required',
      skill: null,
      history: [user(text), agent('Which skill?')],
      artifacts: [],
    });
    expect((await caller().getTask({ id: task.id })).task).to.deep.equal(task);
  });

  it('of concurrent continuations of one waiting task, exactly one is stored', async () => {
    const task = await waitingTask();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        caller().continueTask({
          id: task.id,
          seenHistoryLength: task.history.length,
          state: index % 2 ? 'completed' : 'input-required',
          skill: null,
          history: [...task.history, user(`turn ${index}`), agent('again?')],
          artifacts: [],
        }),
      ),
    );
    const stored = answers.filter((answer) => answer.task !== null);
    expect(stored).to.have.length(1);
    expect((await caller().getTask({ id: task.id })).task).to.deep.equal(stored[0]!.task);
  });

  it('continues nothing that has ended, and reads an expired task as gone', async () => {
    const task = await waitingTask();
    const done = await caller().continueTask({
      id: task.id,
      seenHistoryLength: 2,
      state: 'completed',
      skill: 'find-blog-posts',
      history: [...task.history, user('blog posts')],
      artifacts: [],
    });
    expect(done.task?.state).to.equal('completed');
    const again = await caller().continueTask({
      id: task.id,
      seenHistoryLength: 3,
      state: 'completed',
      skill: null,
      history: [...done.task!.history, user('more')],
      artifacts: [],
    });
    expect(again.task).to.equal(null);

    const old = await waitingTask();
    await sql(`update agent_tasks set expires_at = now() - interval '1 second' where id = ?`, [old.id]);
    expect((await caller().getTask({ id: old.id })).task).to.equal(null);
  });

  it('sweeps expired tasks in batches, leaving live ones', async () => {
    const live = await waitingTask();
    const expired = await Promise.all([waitingTask(), waitingTask(), waitingTask()]);
    await sql(
      `update agent_tasks set expires_at = now() - interval '1 day' where id in (?, ?, ?)`,
      expired.map((task) => task.id),
    );
    let deleted = 0;
    for (let round = 0; round < 100; round += 1) {
      const { deleted: batch } = await caller().deleteExpiredTasks({ limit: 2 });
      deleted += batch;
      if (batch < 2) break;
    }
    expect(deleted).to.be.at.least(3);
    const left = await sql<{ id: string }>('select id from agent_tasks where id in (?, ?, ?, ?)', [
      live.id,
      ...expired.map((task) => task.id),
    ]);
    expect(left.map((row) => row.id)).to.deep.equal([live.id]);
  });
});
