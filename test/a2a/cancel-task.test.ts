import { randomUUID } from 'node:crypto';
import { CancelTaskRequest, TaskState } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { ClientFactory as ClientFactory03 } from 'a2a-js-sdk-v03/client';
import { expect } from 'chai';
import { a2aAccessToken } from '../helpers/a2a-access-token.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { bearer, rpc, withToken, send03, send10, V1, type Json, compatClient } from './fixtures.ts';
import { storeTasks } from './task-fixtures.ts';

const cancel10 = (id: unknown, headers: Record<string, string> = {}) =>
  rpc({ jsonrpc: '2.0', id: 'c', method: 'CancelTask', params: { id } }, { ...V1, ...headers });
const cancel03 = (id: unknown, headers: Record<string, string> = {}) =>
  rpc({ jsonrpc: '2.0', id: 'c', method: 'tasks/cancel', params: { id } }, headers);

/** A task waiting for input, created anonymously over 1.0 (a greeting names no skill). */
async function waitingTask(): Promise<Json> {
  const sent = await rpc(send10([{ text: 'hello' }], { contextId: randomUUID() }), V1);
  expect(sent.body.result.task.status.state).to.equal('TASK_STATE_INPUT_REQUIRED');
  return sent.body.result.task;
}

describe('A2A CancelTask and tasks/cancel', function () {
  this.timeout(60_000);

  it('input-required -> canceled with the SDK (1.0), the agent saying so; cancelling again answers the task again', async () => {
    const task = await waitingTask();
    const client = await new ClientFactory().createFromUrl(service().config.siteUrl);
    const canceled = await client.cancelTask(CancelTaskRequest.fromJSON({ id: task.id }));
    expect(canceled.id).to.equal(task.id);
    expect(canceled.status?.state).to.equal(TaskState.TASK_STATE_CANCELED);
    const said = canceled.status?.message?.parts[0]?.content;
    expect(said?.$case === 'text' ? said.value : '').to.contain('canceled');
    expect(canceled.history).to.have.length(3);
    const again = await client.cancelTask(CancelTaskRequest.fromJSON({ id: task.id }));
    expect(again.status?.state).to.equal(TaskState.TASK_STATE_CANCELED);
    expect(again.history).to.have.length(3);
    const read = await rpc({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: task.id } }, V1);
    expect(read.body.result.status.state).to.equal('TASK_STATE_CANCELED');
  });

  it('a canceled task takes no continuation (-32004), and moves to the top of ListTasks', async () => {
    const task = await waitingTask();
    const [older] = await storeTasks({ count: 1, contextId: task.contextId, ownerGrantId: null });
    await cancel10(task.id);
    const continued = await rpc(send10([{ text: 'blog posts' }], { taskId: task.id, contextId: task.contextId }), V1);
    expect(continued.body.error.code).to.equal(-32004);
    const listed = await rpc({ jsonrpc: '2.0', id: 1, method: 'ListTasks', params: { contextId: task.contextId } }, V1);
    expect(listed.body.result.tasks.map((entry: Json) => entry.id)).to.deep.equal([task.id, older]);
  });

  it('a completed or failed task: -32002 TaskNotCancelableError, the task unchanged', async () => {
    for (const state of ['completed', 'failed']) {
      const [id] = await storeTasks({ count: 1, contextId: randomUUID(), ownerGrantId: null, state });
      const response = await cancel10(id);
      expect(response.body.error.code, state).to.equal(-32002);
      expect(response.body.error.message).to.contain(state);
      const [row] = await sql<{ state: string }>('select state from agent_tasks where id = ?', [id]);
      expect(row!.state).to.equal(state);
    }
  });

  it('an unknown id, an id that is not a uuid, an expired task: -32001; no id: -32602', async () => {
    expect((await cancel10(randomUUID())).body.error.code).to.equal(-32001);
    expect((await cancel10('nonexistent-task-id')).body.error.code).to.equal(-32001);
    const [expired] = await storeTasks({
      count: 1,
      contextId: randomUUID(),
      ownerGrantId: null,
      state: 'input-required',
    });
    await sql(`update agent_tasks set expires_at = now() - interval '1 second' where id = ?`, [expired]);
    expect((await cancel10(expired)).body.error.code).to.equal(-32001);
    const missing = await rpc({ jsonrpc: '2.0', id: 1, method: 'CancelTask', params: {} }, V1);
    expect(missing.body.error.code).to.equal(-32602);
    expect(missing.body.error.message).to.contain('"id"');
  });

  it('a grant’s task: -32001 to another grant and to an anonymous caller, unchanged; canceled by its grant with the SDK', async () => {
    const owner = await a2aAccessToken();
    const other = await a2aAccessToken();
    const sent = await rpc(send10([{ text: 'hello' }], { contextId: randomUUID() }), { ...V1, ...bearer(owner.token) });
    const { id } = sent.body.result.task;
    expect((await cancel10(id, bearer(other.token))).body.error.code).to.equal(-32001);
    expect((await cancel03(id, bearer(other.token))).body.error.code).to.equal(-32001);
    expect((await cancel10(id)).body.error.code).to.equal(-32001);
    expect((await cancel03(id)).body.error.code).to.equal(-32001);
    const [row] = await sql<{ state: string }>('select state from agent_tasks where id = ?', [id]);
    expect(row!.state).to.equal('input-required');
    const client = await new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new JsonRpcTransportFactory({ fetchImpl: withToken(owner.token) })],
      }),
    ).createFromUrl(service().config.siteUrl);
    const canceled = await client.cancelTask(CancelTaskRequest.fromJSON({ id }));
    expect(canceled.status?.state).to.equal(TaskState.TASK_STATE_CANCELED);
    // 0.3 with the token: the same task, already canceled, answered again.
    const again = await cancel03(id, bearer(owner.token));
    expect(again.body.result.status.state).to.equal('canceled');
  });

  it('a submitted task is canceled too; of ten concurrent cancels and continuations, the task ends in one state', async () => {
    const [submitted] = await storeTasks({ count: 1, contextId: randomUUID(), ownerGrantId: null, state: 'submitted' });
    expect((await cancel10(submitted)).body.result.status.state).to.equal('TASK_STATE_CANCELED');
    const task = await waitingTask();
    const continuation = () =>
      rpc(send10([{ text: 'blog posts' }], { taskId: task.id, contextId: task.contextId }), V1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? cancel10(task.id) : continuation())),
    );
    const read = await rpc({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: task.id } }, V1);
    const state = read.body.result.status.state;
    const cancels = answers.filter((_, index) => index % 2 === 0).map((answer) => answer.body);
    if (state === 'TASK_STATE_CANCELED') {
      for (const body of cancels) expect(body.result.status.state).to.equal('TASK_STATE_CANCELED');
    } else {
      // A continuation won and ended the task: every cancel after it is -32002, none succeeded.
      for (const body of cancels) expect(body.error?.code, JSON.stringify(body)).to.equal(-32002);
    }
    const [row] = await sql<{ n: number }>('select json_array_length(history) as n from agent_tasks where id = ?', [
      task.id,
    ]);
    expect(Number(row!.n)).to.be.oneOf([3, 4]);
  });

  it('0.3: tasks/cancel with the 0.3 SDK (0.3.14) and the 1.3 SDK in 0.3 mode; the 0.3 error data unchanged', async () => {
    const sent = await rpc(send03([{ kind: 'text', text: 'hello' }], { contextId: randomUUID() }));
    const client03 = await new ClientFactory03().createFromUrl(service().config.siteUrl);
    const canceled = await client03.cancelTask({ id: sent.body.result.id });
    expect(canceled.status.state).to.equal('canceled');
    expect(canceled.kind).to.equal('task');

    const compat = await compatClient();
    const again = await compat.cancelTask(CancelTaskRequest.fromJSON({ id: sent.body.result.id }));
    expect(again.status?.state).to.equal(TaskState.TASK_STATE_CANCELED);

    const [done] = await storeTasks({ count: 1, contextId: randomUUID(), ownerGrantId: null });
    const refused = await cancel03(done);
    expect(refused.body.error.code).to.equal(-32002);
    expect(refused.body.error.data).to.include({ code: 'A2A_TASK_NOT_CANCELABLE', status: 200 });
    expect(refused.body.error.data.resolution).to.be.a('string');
  });
});
