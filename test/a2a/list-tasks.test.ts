import { randomUUID } from 'node:crypto';
import { ClientFactory } from '@a2a-js/sdk/client';
import { ListTasksRequest, TaskState } from '@a2a-js/sdk';
import { expect } from 'chai';
import { filtersDigest } from '../../core/services/a2a/page-token.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { rpc, send10, V1, type Json } from './fixtures.ts';
import { callAs, grantPrincipal, storeTasks } from './task-fixtures.ts';

const list10 = (params: Json) => rpc({ jsonrpc: '2.0', id: 'l', method: 'ListTasks', params }, V1);

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

  describe('a grant caller (an access token for the endpoint)', () => {
    it('pages through 120 tasks newest status first, with no task repeated or missed while new tasks arrive', async () => {
      const principal = grantPrincipal();
      const stored = await storeTasks({ count: 120, contextId: randomUUID(), ownerGrantId: principal.grantId });
      const seen: string[] = [];
      let token = '';
      let pages = 0;
      do {
        const { result } = await callAs(principal, 'listTasks', {
          pageSize: 25,
          ...(token ? { pageToken: token } : {}),
        });
        expect(result.totalSize).to.equal(120);
        expect(result.pageSize).to.equal(result.tasks.length);
        seen.push(...result.tasks.map((task: Json) => task.id));
        token = result.nextPageToken;
        pages += 1;
        // Tasks created between pages sort above the cursor: they belong to a new first page.
        await storeTasks({ count: 3, contextId: randomUUID(), ownerGrantId: principal.grantId });
      } while (token !== '');
      expect(pages).to.equal(5);
      expect(seen).to.deep.equal([...stored].reverse());
    });

    it('sees only its own grant’s tasks, narrowed by context and status', async () => {
      const principal = grantPrincipal();
      const contextId = randomUUID();
      const completed = await storeTasks({ count: 2, contextId, ownerGrantId: principal.grantId });
      const waiting = await storeTasks({
        count: 1,
        contextId,
        ownerGrantId: principal.grantId,
        state: 'input-required',
      });
      const elsewhere = await storeTasks({ count: 1, contextId: randomUUID(), ownerGrantId: principal.grantId });
      await storeTasks({ count: 2, contextId, ownerGrantId: randomUUID() });
      await storeTasks({ count: 2, contextId, ownerGrantId: null });

      const ids = async (params: Json) =>
        ((await callAs(principal, 'listTasks', params)).result.tasks as Json[]).map((task) => task.id);
      expect(await ids({})).to.have.members([...completed, ...waiting, ...elsewhere]);
      expect(await ids({ contextId })).to.deep.equal([...waiting, ...completed.reverse()]);
      expect(await ids({ contextId, status: 'input-required' })).to.deep.equal(waiting);
      expect(await ids({ status: 'rejected' })).to.deep.equal([]);
      const other = await callAs(grantPrincipal(), 'listTasks', { contextId });
      expect(other.result).to.deep.equal({ tasks: [], nextPageToken: '', pageSize: 0, totalSize: 0 });
    });

    it('filters on statusTimestampAfter, and never lists an expired task', async () => {
      const principal = grantPrincipal();
      const [old] = await storeTasks({ count: 1, contextId: randomUUID(), ownerGrantId: principal.grantId });
      const [recent] = await storeTasks({ count: 1, contextId: randomUUID(), ownerGrantId: principal.grantId });
      const [expired] = await storeTasks({ count: 1, contextId: randomUUID(), ownerGrantId: principal.grantId });
      await sql(`update agent_tasks set updated_at = now() - interval '2 days' where id = ?`, [old]);
      await sql(`update agent_tasks set expires_at = now() - interval '1 second' where id = ?`, [expired]);
      const since = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
      const { result } = await callAs(principal, 'listTasks', { statusTimestampAfter: since });
      expect(result.tasks.map((task: Json) => task.id)).to.deep.equal([recent]);
      const all = await callAs(principal, 'listTasks', {});
      expect(all.result.tasks.map((task: Json) => task.id)).to.deep.equal([recent, old]);
    });

    it('refuses a token issued for other filters, and a token it did not issue', async () => {
      const principal = grantPrincipal();
      const contextId = randomUUID();
      await storeTasks({ count: 3, contextId, ownerGrantId: principal.grantId });
      const first = await callAs(principal, 'listTasks', { contextId, pageSize: 1 });
      const token = first.result.nextPageToken;
      expect(token).to.be.a('string').and.not.equal('');
      const second = await callAs(principal, 'listTasks', { contextId, pageSize: 1, pageToken: token });
      expect(second.result.tasks).to.have.length(1);
      for (const params of [
        { pageToken: token },
        { contextId, status: 'completed', pageToken: token },
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
        const refused = await callAs(principal, 'listTasks', params);
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
