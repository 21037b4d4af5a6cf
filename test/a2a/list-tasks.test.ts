import { randomUUID } from 'node:crypto';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { ListTasksRequest, TaskState } from '@a2a-js/sdk';
import { expect } from 'chai';
import { filtersDigest } from '../../core/services/a2a/page-token.ts';
import { a2aAccessToken, type A2aAccessToken } from '../helpers/a2a-access-token.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { bearer, rpc, withToken, send10, V1, type Json } from './fixtures.ts';
import { storeTasks } from './task-fixtures.ts';

const list10 = (params: Json, headers: Record<string, string> = {}) =>
  rpc({ jsonrpc: '2.0', id: 'l', method: 'ListTasks', params }, { ...V1, ...headers });

/** @a2a-js/sdk 1.3 (1.0) on the live card, its transport sending this access token. */
const sdkClient = (token: string) =>
  new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl: withToken(token) })],
    }),
  ).createFromUrl(service().config.siteUrl);

/** The -32602 of a ListTasks params error, naming `field`. */
async function expectInvalid(params: Json, field: string): Promise<Json> {
  const response = await list10(params);
  expect(response.status, response.text).to.equal(200);
  expect(response.body.error.code, response.text).to.equal(-32602);
  expect(response.body.error.message, JSON.stringify(params)).to.contain(`"${field}`);
  return response.body.error;
}

describe('A2A ListTasks', function () {
  this.timeout(60_000);

  describe('a grant caller, with a real access token for the endpoint', () => {
    const listAs = async (owner: A2aAccessToken, params: Json) => (await list10(params, bearer(owner.token))).body;

    it('pages through 120 tasks newest status first with the SDK (1.0), none repeated or missed while new tasks arrive', async () => {
      const owner = await a2aAccessToken();
      const stored = await storeTasks({ count: 120, contextId: randomUUID(), ownerGrantId: owner.grantId });
      const client = await sdkClient(owner.token);
      const seen: string[] = [];
      let pageToken = '';
      let pages = 0;
      do {
        const page = await client.listTasks(ListTasksRequest.fromJSON({ pageSize: 25, pageToken }));
        expect(page.totalSize).to.equal(120);
        expect(page.pageSize).to.equal(page.tasks.length);
        seen.push(...page.tasks.map((task) => task.id));
        pageToken = page.nextPageToken;
        pages += 1;
        // Tasks created between pages sort above the cursor: they belong to a new first page.
        await storeTasks({ count: 3, contextId: randomUUID(), ownerGrantId: owner.grantId });
      } while (pageToken !== '');
      expect(pages).to.equal(5);
      expect(seen).to.deep.equal([...stored].reverse());
    });

    it('lists exactly the tasks created with its token; the same context’s anonymous and other grants’ tasks are never in it', async () => {
      const owner = await a2aAccessToken();
      const other = await a2aAccessToken();
      const contextId = randomUUID();
      const mine: string[] = [];
      for (const text of ['hello', 'hi there']) {
        const sent = await rpc(send10([{ text }], { contextId }), { ...V1, ...bearer(owner.token) });
        mine.push(sent.body.result.task.id);
      }
      const anonymous = (await rpc(send10([{ text: 'hello' }], { contextId }), V1)).body.result.task.id;
      const theirs = (await rpc(send10([{ text: 'hello' }], { contextId }), { ...V1, ...bearer(other.token) })).body
        .result.task.id;

      const ids = async (caller: A2aAccessToken, params: Json) =>
        ((await listAs(caller, params)).result.tasks as Json[]).map((task) => task.id);
      // A grant lists its grant's tasks only, even naming a context whose anonymous tasks it could
      // read by id: listing is not a capability an id gives (core/services/a2a/list-tasks.ts).
      expect(await ids(owner, {})).to.deep.equal([...mine].reverse());
      expect(await ids(owner, { contextId })).to.deep.equal([...mine].reverse());
      expect(await ids(other, { contextId })).to.deep.equal([theirs]);
      // Without a token, naming the context lists its anonymous tasks only.
      const listed = await list10({ contextId });
      expect(listed.body.result.tasks.map((task: Json) => task.id)).to.deep.equal([anonymous]);
    });

    it('narrows by context and status, and another grant’s list of the context is empty', async () => {
      const owner = await a2aAccessToken();
      const contextId = randomUUID();
      const completed = await storeTasks({ count: 2, contextId, ownerGrantId: owner.grantId });
      const waiting = await storeTasks({
        count: 1,
        contextId,
        ownerGrantId: owner.grantId,
        state: 'input-required',
      });
      const elsewhere = await storeTasks({ count: 1, contextId: randomUUID(), ownerGrantId: owner.grantId });
      await storeTasks({ count: 2, contextId, ownerGrantId: randomUUID() });
      await storeTasks({ count: 2, contextId, ownerGrantId: null });

      const ids = async (params: Json) => ((await listAs(owner, params)).result.tasks as Json[]).map((task) => task.id);
      expect(await ids({})).to.have.members([...completed, ...waiting, ...elsewhere]);
      expect(await ids({ contextId })).to.deep.equal([...waiting, ...completed.reverse()]);
      expect(await ids({ contextId, status: 'TASK_STATE_INPUT_REQUIRED' })).to.deep.equal(waiting);
      expect(await ids({ status: 'TASK_STATE_REJECTED' })).to.deep.equal([]);
      const other = await listAs(await a2aAccessToken(), { contextId });
      expect(other.result).to.deep.equal({ tasks: [], nextPageToken: '', pageSize: 0, totalSize: 0 });
    });

    it('filters on statusTimestampAfter, and never lists an expired task', async () => {
      const owner = await a2aAccessToken();
      const [old] = await storeTasks({ count: 1, contextId: randomUUID(), ownerGrantId: owner.grantId });
      const [recent] = await storeTasks({ count: 1, contextId: randomUUID(), ownerGrantId: owner.grantId });
      const [expired] = await storeTasks({ count: 1, contextId: randomUUID(), ownerGrantId: owner.grantId });
      await sql(`update agent_tasks set updated_at = now() - interval '2 days' where id = ?`, [old]);
      await sql(`update agent_tasks set expires_at = now() - interval '1 second' where id = ?`, [expired]);
      const since = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
      const { result } = await listAs(owner, { statusTimestampAfter: since });
      expect(result.tasks.map((task: Json) => task.id)).to.deep.equal([recent]);
      const all = await listAs(owner, {});
      expect(all.result.tasks.map((task: Json) => task.id)).to.deep.equal([recent, old]);
    });

    it('refuses a token issued for other filters, and a token it did not issue', async () => {
      const owner = await a2aAccessToken();
      const contextId = randomUUID();
      await storeTasks({ count: 3, contextId, ownerGrantId: owner.grantId });
      const first = await listAs(owner, { contextId, pageSize: 1 });
      const token = first.result.nextPageToken;
      expect(token).to.be.a('string').and.not.equal('');
      const second = await listAs(owner, { contextId, pageSize: 1, pageToken: token });
      expect(second.result.tasks).to.have.length(1);
      for (const params of [
        { pageToken: token },
        { contextId, status: 'TASK_STATE_COMPLETED', pageToken: token },
        { contextId, pageToken: 'not-a-token' },
        { contextId, pageToken: Buffer.from('{"v":1}').toString('base64url') },
        {
          contextId,
          pageToken: Buffer.from(
            JSON.stringify({
              v: 1,
              after: '9999999999999999999',
              total: 1,
              filters: filtersDigest({ contextId, state: undefined, statusChangedSince: undefined }),
            }),
          ).toString('base64url'),
        },
      ]) {
        const refused = await listAs(owner, params);
        expect(refused.error.code, JSON.stringify(params)).to.equal(-32602);
        expect(refused.error.message).to.contain('"pageToken"');
      }
    });
  });

  describe('an anonymous caller, over HTTP', () => {
    it('lists the anonymous tasks of the context it names, with the SDK (1.0)', async () => {
      const contextId = randomUUID();
      const ids: string[] = [];
      for (const text of ['hello', 'hi there']) {
        const sent = await rpc(send10([{ text }], { contextId }), V1);
        ids.push(sent.body.result.task.id);
      }
      await storeTasks({ count: 2, contextId, ownerGrantId: randomUUID() });
      const client = await new ClientFactory().createFromUrl(service().config.siteUrl);
      const listed = await client.listTasks(ListTasksRequest.fromJSON({ contextId, historyLength: 1 }));
      expect(listed.tasks.map((task) => task.id)).to.deep.equal([...ids].reverse());
      expect(listed.totalSize).to.equal(2);
      expect(listed.pageSize).to.equal(2);
      expect(listed.nextPageToken).to.equal('');
      for (const task of listed.tasks) {
        expect(task.history).to.have.length(1);
        expect(task.status?.state).to.equal(TaskState.TASK_STATE_INPUT_REQUIRED);
      }
    });

    it('artifacts only with includeArtifacts, and historyLength as GetTask reads it', async () => {
      const contextId = randomUUID();
      await storeTasks({ count: 1, contextId, ownerGrantId: null });
      const plain = (await list10({ contextId })).body.result.tasks[0];
      expect(plain).not.to.have.property('artifacts');
      expect(plain.history).to.have.length(2);
      const full = (await list10({ contextId, includeArtifacts: true, historyLength: 0 })).body.result.tasks[0];
      expect(full.artifacts).to.deep.equal([
        { artifactId: 'a-1', name: 'answer', parts: [{ text: 'done', mediaType: 'text/plain' }] },
      ]);
      expect(full.history).to.deep.equal([]);
    });

    it('without a contextId: -32602 naming contextId and saying why', async () => {
      const error = await expectInvalid({}, 'contextId');
      expect(error.message).to.contain('anonymous');
      await expectInvalid({ contextId: '' }, 'contextId');
    });

    it('a page size out of 1..100 or not an integer, a bad status, timestamp or token: -32602 naming the field', async () => {
      const contextId = randomUUID();
      for (const pageSize of [0, 101, 2.5, -1, '10']) await expectInvalid({ contextId, pageSize }, 'pageSize');
      for (const status of ['TASK_STATE_RUNNING', 'completed', 7]) await expectInvalid({ contextId, status }, 'status');
      await expectInvalid({ contextId, statusTimestampAfter: 'yesterday' }, 'statusTimestampAfter');
      await expectInvalid({ contextId, pageToken: '%%%' }, 'pageToken');
      await expectInvalid({ contextId, includeArtifacts: 'yes' }, 'includeArtifacts');
      await expectInvalid({ contextId, historyLength: -5 }, 'historyLength');
    });

    it('proto3 defaults read as unset: "" and TASK_STATE_UNSPECIFIED', async () => {
      const contextId = randomUUID();
      await storeTasks({ count: 1, contextId, ownerGrantId: null });
      const response = await list10({ contextId, status: 'TASK_STATE_UNSPECIFIED', pageToken: '' });
      expect(response.body.result.tasks).to.have.length(1);
    });

    it('0.3 has no list method: tasks/list is -32601', async () => {
      const response = await rpc({ jsonrpc: '2.0', id: 1, method: 'tasks/list', params: { contextId: randomUUID() } });
      expect(response.body.error.code).to.equal(-32601);
      expect(response.body.error.data.code).to.equal('A2A_METHOD_NOT_FOUND');
    });
  });
});
