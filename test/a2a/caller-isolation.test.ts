import { randomUUID } from 'node:crypto';
import { CancelTaskRequest, ListTasksRequest } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import {
  ClientFactory as ClientFactory03,
  ClientFactoryOptions as ClientFactoryOptions03,
  JsonRpcTransportFactory as JsonRpcTransportFactory03,
  TaskNotFoundError as TaskNotFoundError03,
} from 'a2a-js-sdk-v03/client';
import { expect } from 'chai';
import { newA2aTokenUser } from '../helpers/a2a-access-token.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { bearer, rpc, V1, withToken, type Json } from './fixtures.ts';
import { openSse } from './sse.ts';
import { grantCaller, ownedTask, sendMethod, taskOf, type GrantCaller, type Version } from './push-fixtures.ts';

/** Each version's method names, for the calls every caller tries. */
const methods = {
  '1.0': {
    get: 'GetTask',
    cancel: 'CancelTask',
    createConfig: 'CreateTaskPushNotificationConfig',
    getConfig: 'GetTaskPushNotificationConfig',
    listConfigs: 'ListTaskPushNotificationConfigs',
    deleteConfig: 'DeleteTaskPushNotificationConfig',
    extendedCard: 'GetExtendedAgentCard',
  },
  '0.3': {
    get: 'tasks/get',
    cancel: 'tasks/cancel',
    createConfig: 'tasks/pushNotificationConfig/set',
    getConfig: 'tasks/pushNotificationConfig/get',
    listConfigs: 'tasks/pushNotificationConfig/list',
    deleteConfig: 'tasks/pushNotificationConfig/delete',
    extendedCard: 'agent/getAuthenticatedExtendedCard',
  },
} as const;

const OWNER_URL = 'https://owner.example.com/hook';
const INTRUDER_URL = 'https://intruder.example.com/hook';

/** The params of each version's calls on one task (and one push config of it). */
const paramsOf = {
  '1.0': {
    task: (taskId: string) => ({ id: taskId }),
    greeting: (contextId: string) => ({
      message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'hello' }], contextId },
    }),
    continuation: (taskId: string, contextId: string) => ({
      message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'blog posts' }], taskId, contextId },
    }),
    createConfig: (taskId: string, id: string, url = INTRUDER_URL) => ({ taskId, id, url }),
    config: (taskId: string, id: string) => ({ taskId, id }),
    configs: (taskId: string) => ({ taskId }),
  },
  '0.3': {
    task: (taskId: string) => ({ id: taskId }),
    greeting: (contextId: string) => ({
      message: {
        kind: 'message',
        messageId: randomUUID(),
        role: 'user',
        parts: [{ kind: 'text', text: 'hello' }],
        contextId,
      },
    }),
    continuation: (taskId: string, contextId: string) => ({
      message: {
        kind: 'message',
        messageId: randomUUID(),
        role: 'user',
        parts: [{ kind: 'text', text: 'blog posts' }],
        taskId,
        contextId,
      },
    }),
    createConfig: (taskId: string, id: string, url = INTRUDER_URL) => ({ taskId, pushNotificationConfig: { id, url } }),
    config: (taskId: string, id: string) => ({ id: taskId, pushNotificationConfigId: id }),
    configs: (taskId: string) => ({ id: taskId }),
  },
} as const;

const versionHeaders = (version: Version) => (version === '1.0' ? V1 : {});

/** One JSON-RPC call of `version` with these credential headers (none: anonymous). */
const call = (credentials: Record<string, string>, version: Version, method: string, params: Json = {}) =>
  rpc({ jsonrpc: '2.0', id: randomUUID(), method, params }, { ...versionHeaders(version), ...credentials });

function expectTaskNotFound(response: JsonResponse<Json>, what: string): void {
  expect(response.status, `${what}: ${response.text}`).to.equal(200);
  expect(response.body.error?.code, `${what}: ${response.text}`).to.equal(-32001);
  expect(response.body, what).not.to.have.property('result');
}

/** A refused credential (or none where push configs need one): HTTP 401, A2A_UNAUTHORIZED, -32031. */
function expectUnauthorized(response: JsonResponse<Json>, what: string, challenge: 'invalid_token' | 'none'): void {
  expect(response.status, `${what}: ${response.text}`).to.equal(401);
  expect(response.body.code, what).to.equal('A2A_UNAUTHORIZED');
  expect(response.body.error.code, what).to.equal(-32031);
  const header = response.headers.get('www-authenticate') ?? '';
  if (challenge === 'none') expect(header, what).not.to.contain('error=');
  else expect(header, what).to.contain(`error="${challenge}"`);
}

/** What a call could change of a task: its row, every push config any caller holds on it, its context's tasks. */
async function footprint(taskId: string): Promise<Json> {
  const [task] = await sql(
    'select state, status_seq::text, history::text, artifacts::text, updated_at, owner_grant_id from agent_tasks where id = ?',
    [taskId],
  );
  const configs = await sql(
    `select p.config_id, p.owner_grant_id, e.url from a2a_push_configs p join webhook_endpoints e on e.id = p.endpoint_id
      where p.task_id = ? order by p.config_id`,
    [taskId],
  );
  // A refused continuation must not start a task of its own in the context either.
  const [context] = await sql(
    'select count(*)::int as tasks from agent_tasks where context_id = (select context_id from agent_tasks where id = ?)',
    [taskId],
  );
  return { task, configs, context };
}

/** The owner's tasks of one version: one completed (a skill), one waiting for input (a greeting). */
interface OwnedTasks {
  completed: string;
  waiting: { id: string; contextId: string };
}

/** Creates the owner's tasks of `version` with its token, each with the owner's push config `owner-config`. */
async function ownedTasks(owner: GrantCaller, version: Version): Promise<OwnedTasks> {
  const completed = await ownedTask(owner, version);
  const sent = await call(bearer(owner.token), version, sendMethod[version], paramsOf[version].greeting(randomUUID()));
  const waiting = taskOf(version, sent.body);
  expect(waiting.status.state, sent.text).to.equal(version === '1.0' ? 'TASK_STATE_INPUT_REQUIRED' : 'input-required');
  // The owner's own config on each task: another caller must neither see nor touch it.
  for (const taskId of [completed, waiting.id]) {
    const created = await call(
      bearer(owner.token),
      version,
      methods[version].createConfig,
      paramsOf[version].createConfig(taskId, 'owner-config', OWNER_URL),
    );
    expect(created.body.result, created.text).to.be.an('object');
  }
  return { completed, waiting: { id: waiting.id, contextId: waiting.contextId } };
}

describe('A2A caller isolation: a grant’s tasks to other grants and to anonymous callers', function () {
  this.timeout(180_000);
  let owner: GrantCaller;
  const tasks = {} as Record<Version, OwnedTasks>;
  let sameMember: GrantCaller;
  let otherMember: GrantCaller;
  /** Who tries: another agent connection (client) of the same member, another member, no token. */
  const intruders: Array<{ name: string; grant?: () => GrantCaller }> = [
    { name: 'another client of the same member', grant: () => sameMember },
    { name: 'another member', grant: () => otherMember },
    { name: 'an anonymous caller' },
  ];

  before(async () => {
    const member = await newA2aTokenUser();
    owner = await grantCaller(undefined, { user: member });
    sameMember = await grantCaller(undefined, { user: member });
    otherMember = await grantCaller();
    expect(new Set([owner.grantId, sameMember.grantId, otherMember.grantId]).size).to.equal(3);
    expect(sameMember.businessId).to.equal(owner.businessId);
    for (const version of ['1.0', '0.3'] as const) tasks[version] = await ownedTasks(owner, version);
  });

  for (const intruder of intruders) {
    const credentials = () => (intruder.grant ? bearer(intruder.grant().token) : {});

    describe(intruder.name, () => {
      for (const version of ['1.0', '0.3'] as const) {
        const names = methods[version];
        const params = paramsOf[version];

        it(`${version}: cannot read, continue or cancel the owner’s tasks (-32001), and changes nothing`, async () => {
          const { completed, waiting } = tasks[version];
          const before = [await footprint(completed), await footprint(waiting.id)];
          for (const taskId of [completed, waiting.id]) {
            expectTaskNotFound(await call(credentials(), version, names.get, params.task(taskId)), names.get);
            expectTaskNotFound(await call(credentials(), version, names.cancel, params.task(taskId)), names.cancel);
          }
          expectTaskNotFound(
            await call(credentials(), version, sendMethod[version], params.continuation(waiting.id, waiting.contextId)),
            `${sendMethod[version]} with taskId`,
          );
          expect([await footprint(completed), await footprint(waiting.id)]).to.deep.equal(before);
          // The owner still reads the waiting task as it was, and still continues it (below, not here).
          const own = await call(bearer(owner.token), version, names.get, params.task(waiting.id));
          expect(own.body.result.status.state).to.equal(
            version === '1.0' ? 'TASK_STATE_INPUT_REQUIRED' : 'input-required',
          );
        });

        it(`${version}: cannot create, read, list or delete push configs on the owner’s tasks, and changes nothing`, async () => {
          const { completed, waiting } = tasks[version];
          for (const taskId of [completed, waiting.id]) {
            const before = await footprint(taskId);
            const answers: Array<[string, JsonResponse<Json>]> = [
              [
                names.createConfig,
                await call(credentials(), version, names.createConfig, params.createConfig(taskId, 'owner-config')),
              ],
              [
                `${names.createConfig} (new id)`,
                await call(credentials(), version, names.createConfig, params.createConfig(taskId, randomUUID())),
              ],
              [
                names.getConfig,
                await call(credentials(), version, names.getConfig, params.config(taskId, 'owner-config')),
              ],
              [names.listConfigs, await call(credentials(), version, names.listConfigs, params.configs(taskId))],
              [
                names.deleteConfig,
                await call(credentials(), version, names.deleteConfig, params.config(taskId, 'owner-config')),
              ],
            ];
            for (const [what, answer] of answers) {
              // Push configs belong to a grant: without a token the method refuses before it looks at the task.
              if (intruder.grant) expectTaskNotFound(answer, what);
              else expectUnauthorized(answer, what, 'none');
            }
            expect(await footprint(taskId)).to.deep.equal(before);
            const mine = await call(
              bearer(owner.token),
              version,
              names.getConfig,
              params.config(taskId, 'owner-config'),
            );
            const url = version === '1.0' ? mine.body.result.url : mine.body.result.pushNotificationConfig.url;
            expect(url).to.equal(OWNER_URL);
          }
        });
      }

      it('1.0: never lists the owner’s tasks, with or without naming their context id', async () => {
        const owned = [
          tasks['1.0'].completed,
          tasks['1.0'].waiting.id,
          tasks['0.3'].completed,
          tasks['0.3'].waiting.id,
        ];
        const list = (listParams: Json) => call(credentials(), '1.0', 'ListTasks', listParams);
        for (const contextId of [tasks['1.0'].waiting.contextId, tasks['0.3'].waiting.contextId]) {
          const named = await list({ contextId });
          expect(named.body.result, named.text).to.deep.equal({
            tasks: [],
            nextPageToken: '',
            pageSize: 0,
            totalSize: 0,
          });
        }
        const unnamed = await list({ pageSize: 100 });
        if (intruder.grant) {
          const ids = (unnamed.body.result.tasks as Json[]).map((task) => task.id);
          for (const id of owned) expect(ids).not.to.include(id);
        } else {
          // An anonymous caller lists only by naming a context.
          expect(unnamed.body.error.code, unnamed.text).to.equal(-32602);
        }
      });
    });
  }

  describe('with the official SDKs, as another member', () => {
    it('@a2a-js/sdk 1.3: getTask and cancelTask reject with TaskNotFoundError; listTasks holds none of the owner’s tasks', async () => {
      const client = await new ClientFactory(
        ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
          transports: [new JsonRpcTransportFactory({ fetchImpl: withToken(otherMember.token) })],
        }),
      ).createFromUrl(service().config.siteUrl);
      const { id, contextId } = tasks['1.0'].waiting;
      const refusal = async (attempt: Promise<unknown>) => {
        const error = (await attempt.then(
          () => expect.fail('the call succeeded'),
          (caught: unknown) => caught,
        )) as { name: string; envelopeCode: number };
        expect(error.name).to.equal('TaskNotFoundError');
        expect(error.envelopeCode).to.equal(-32001);
      };
      await refusal(client.getTask({ tenant: '', id, historyLength: 0 }));
      await refusal(client.cancelTask(CancelTaskRequest.fromJSON({ id })));
      const listed = await client.listTasks(ListTasksRequest.fromJSON({ contextId }));
      expect(listed.tasks).to.deep.equal([]);
    });

    it('a2a-js-sdk 0.3.14: getTask and cancelTask reject with TaskNotFoundError (-32001)', async () => {
      const client = await new ClientFactory03(
        ClientFactoryOptions03.createFrom(ClientFactoryOptions03.default, {
          transports: [new JsonRpcTransportFactory03({ fetchImpl: withToken(otherMember.token) })],
        }),
      ).createFromUrl(service().config.siteUrl);
      const { id } = tasks['0.3'].waiting;
      for (const attempt of [client.getTask({ id }), client.cancelTask({ id })]) {
        const error = (await attempt.then(
          () => expect.fail('the call succeeded'),
          (caught: unknown) => caught,
        )) as Error;
        // The 0.3 SDK maps -32001 to its TaskNotFoundError.
        expect(error).to.be.instanceOf(TaskNotFoundError03);
      }
    });
  });

  describe('subscribing to the owner’s tasks', () => {
    const subscribe = { '1.0': 'SubscribeToTask', '0.3': 'tasks/resubscribe' } as const;
    const stream = { '1.0': 'SendStreamingMessage', '0.3': 'message/stream' } as const;

    for (const intruder of intruders) {
      for (const version of ['1.0', '0.3'] as const) {
        it(`${intruder.name}, ${version}: no stream of the owner’s task (-32001, as an unknown id), nor a streamed continuation`, async () => {
          const credentials = intruder.grant ? bearer(intruder.grant().token) : {};
          const headers = { ...versionHeaders(version), ...credentials };
          const { waiting } = tasks[version];
          const before = await footprint(waiting.id);
          for (const lastEventId of [undefined, '0']) {
            const refused = await openSse(
              { jsonrpc: '2.0', id: 1, method: subscribe[version], params: { id: waiting.id } },
              { ...headers, ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
            );
            expect(refused.headers.get('content-type'), subscribe[version]).to.match(/^application\/json/);
            expect(refused.json.error.code, subscribe[version]).to.equal(-32001);
          }
          const continued = await openSse(
            {
              jsonrpc: '2.0',
              id: 2,
              method: stream[version],
              params: paramsOf[version].continuation(waiting.id, waiting.contextId),
            },
            headers,
          );
          expect(continued.json.error.code, stream[version]).to.equal(-32001);
          expect(await footprint(waiting.id)).to.deep.equal(before);
        });
      }
    }

    it('the owner subscribes to its waiting task: the snapshot first (and nobody else’s)', async () => {
      for (const version of ['1.0', '0.3'] as const) {
        const { waiting } = tasks[version];
        const own = await openSse(
          { jsonrpc: '2.0', id: 1, method: subscribe[version], params: { id: waiting.id } },
          { ...versionHeaders(version), ...bearer(owner.token) },
        );
        expect(own.headers.get('content-type')).to.match(/^text\/event-stream/);
        const snapshot = (await own.next())!.data.result;
        expect(version === '1.0' ? snapshot.task.id : snapshot.id).to.equal(waiting.id);
        own.close();
      }
    });
  });

  // Last (mocha runs a suite's child suites in order): the owner's own calls after every attempt above.
  describe('the owner, afterwards', () => {
    it('continues its waiting task, cancels the other and lists all four (its own calls work)', async () => {
      const { waiting } = tasks['1.0'];
      const continued = await call(
        bearer(owner.token),
        '1.0',
        'SendMessage',
        paramsOf['1.0'].continuation(waiting.id, waiting.contextId),
      );
      expect(continued.body.result.task.id, continued.text).to.equal(waiting.id);
      const canceled = await call(bearer(owner.token), '0.3', 'tasks/cancel', { id: tasks['0.3'].waiting.id });
      expect(canceled.body.result.status.state, canceled.text).to.equal('canceled');
      const listed = await call(bearer(owner.token), '1.0', 'ListTasks', {});
      expect((listed.body.result.tasks as Json[]).map((task) => task.id)).to.have.members([
        tasks['1.0'].completed,
        tasks['1.0'].waiting.id,
        tasks['0.3'].completed,
        tasks['0.3'].waiting.id,
      ]);
    });
  });
});

describe('A2A caller isolation: a revoked grant', function () {
  this.timeout(120_000);
  let revoked: GrantCaller;
  let member: Awaited<ReturnType<typeof newA2aTokenUser>>;
  let owned: OwnedTasks;

  before(async () => {
    member = await newA2aTokenUser();
    revoked = await grantCaller(undefined, { user: member });
    owned = await ownedTasks(revoked, '1.0');
    const revocation = await request(`${service().config.baseUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: revoked.refreshToken!, client_id: revoked.clientId }).toString(),
    });
    expect(revocation.status, revocation.text).to.equal(200);
  });

  it('its token answers 401 invalid_token on every method of both versions', async () => {
    const { completed, waiting } = owned;
    for (const version of ['1.0', '0.3'] as const) {
      const names = methods[version];
      const params = paramsOf[version];
      const attempts: Array<[string, Json]> = [
        [sendMethod[version], params.continuation(waiting.id, waiting.contextId)],
        [names.get, params.task(completed)],
        [names.cancel, params.task(waiting.id)],
        [names.createConfig, params.createConfig(completed, randomUUID())],
        [names.getConfig, params.config(completed, 'owner-config')],
        [names.listConfigs, params.configs(completed)],
        [names.deleteConfig, params.config(completed, 'owner-config')],
        [names.extendedCard, {}],
        [version === '1.0' ? 'SendStreamingMessage' : 'message/stream', params.greeting(randomUUID())],
        [version === '1.0' ? 'SubscribeToTask' : 'tasks/resubscribe', params.task(waiting.id)],
        ...(version === '1.0' ? ([['ListTasks', {}]] as Array<[string, Json]>) : []),
      ];
      for (const [method, attemptParams] of attempts)
        expectUnauthorized(
          await call(bearer(revoked.token), version, method, attemptParams),
          `${version} ${method}`,
          'invalid_token',
        );
    }
  });

  it('the same member authorizing the same client again is a new grant, which does not see the old grant’s tasks', async () => {
    const before = await footprint(owned.waiting.id);
    const again = await grantCaller(undefined, {
      user: member,
      client: { clientId: revoked.clientId, redirectUri: revoked.redirectUri },
    });
    expect(again.clientId).to.equal(revoked.clientId);
    expect(again.userId).to.equal(revoked.userId);
    expect(again.grantId).not.to.equal(revoked.grantId);
    const token = bearer(again.token);
    for (const taskId of [owned.completed, owned.waiting.id]) {
      expectTaskNotFound(await call(token, '1.0', 'GetTask', { id: taskId }), 'GetTask');
      expectTaskNotFound(await call(token, '0.3', 'tasks/get', { id: taskId }), 'tasks/get');
      expectTaskNotFound(await call(token, '1.0', 'CancelTask', { id: taskId }), 'CancelTask');
      expectTaskNotFound(
        await call(token, '1.0', 'GetTaskPushNotificationConfig', { taskId, id: 'owner-config' }),
        'GetTaskPushNotificationConfig',
      );
      expectTaskNotFound(
        await call(token, '1.0', 'ListTaskPushNotificationConfigs', { taskId }),
        'ListTaskPushNotificationConfigs',
      );
    }
    expectTaskNotFound(
      await call(token, '1.0', 'SendMessage', paramsOf['1.0'].continuation(owned.waiting.id, owned.waiting.contextId)),
      'SendMessage with taskId',
    );
    const listed = await call(token, '1.0', 'ListTasks', {});
    expect(listed.body.result, listed.text).to.deep.equal({ tasks: [], nextPageToken: '', pageSize: 0, totalSize: 0 });
    const named = await call(token, '1.0', 'ListTasks', { contextId: owned.waiting.contextId });
    expect(named.body.result.tasks).to.deep.equal([]);
    expect(await footprint(owned.waiting.id)).to.deep.equal(before);
  });
});
