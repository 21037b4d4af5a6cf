import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { newA2aTokenUser } from '../helpers/a2a-access-token.ts';
import { fixtureEm, tenantCaller } from '../helpers/workspace.ts';
import { rpc, V1, type Json } from './fixtures.ts';
import {
  callAs,
  grantCaller,
  ownedTask,
  sendMethod,
  sendParams,
  type GrantCaller,
  type Version,
} from './push-fixtures.ts';

const pushMethods = {
  '1.0': {
    create: 'CreateTaskPushNotificationConfig',
    get: 'GetTaskPushNotificationConfig',
    list: 'ListTaskPushNotificationConfigs',
    delete: 'DeleteTaskPushNotificationConfig',
  },
  '0.3': {
    create: 'tasks/pushNotificationConfig/set',
    get: 'tasks/pushNotificationConfig/get',
    list: 'tasks/pushNotificationConfig/list',
    delete: 'tasks/pushNotificationConfig/delete',
  },
} as const;

/** Create params in each version's shape. */
function createParams(version: Version, taskId: string, config: Json): Json {
  if (version === '1.0') return { taskId, ...config };
  const { authentication, ...rest } = config as { authentication?: { scheme: string; credentials?: string } };
  return {
    taskId,
    pushNotificationConfig: {
      ...rest,
      ...(authentication
        ? {
            authentication: {
              schemes: [authentication.scheme],
              ...(authentication.credentials ? { credentials: authentication.credentials } : {}),
            },
          }
        : {}),
    },
  };
}

const ref = (version: Version, taskId: string, id: string) =>
  version === '1.0' ? { taskId, id } : { id: taskId, pushNotificationConfigId: id };

/** Every row of both push tables as JSON text: what a database dump would show. */
async function storedText(): Promise<string> {
  const rows = await fixtureEm()
    .getConnection()
    .execute(
      `select row_to_json(p)::text || row_to_json(e)::text as text
         from a2a_push_configs p join webhook_endpoints e on e.id = p.endpoint_id`,
    );
  return (rows as Array<{ text: string }>).map((row) => row.text).join('\n');
}

describe('A2A push notification configs', function () {
  this.timeout(60_000);
  let owner: GrantCaller;
  // The same member's second agent connection to the same business: another grant, so another caller.
  let other: GrantCaller;

  before(async () => {
    const member = await newA2aTokenUser();
    owner = await grantCaller(undefined, { user: member });
    other = await grantCaller(undefined, { user: member });
  });

  for (const version of ['1.0', '0.3'] as const) {
    describe(`A2A ${version}`, () => {
      const methods = pushMethods[version];

      it('creates, reads, lists and deletes a config; its token and credentials are never answered nor stored in clear', async () => {
        const taskId = await ownedTask(owner, version);
        const token = `tok-${randomUUID()}`;
        const credentials = `cred-${randomUUID()}`;
        const config = {
          id: 'first',
          url: 'https://receiver.example.com/a2a',
          token,
          authentication: { scheme: 'Bearer', credentials },
        };
        const created = await callAs(owner, version, methods.create, createParams(version, taskId, config));
        expect(created.status).to.equal(200);
        const expected =
          version === '1.0'
            ? { id: 'first', taskId, url: config.url, authentication: { scheme: 'Bearer' } }
            : {
                taskId,
                pushNotificationConfig: { id: 'first', url: config.url, authentication: { schemes: ['Bearer'] } },
              };
        expect(created.body.result).to.deep.equal(expected);

        const got = await callAs(owner, version, methods.get, ref(version, taskId, 'first'));
        expect(got.body.result).to.deep.equal(expected);
        const listed = await callAs(owner, version, methods.list, version === '1.0' ? { taskId } : { id: taskId });
        expect(listed.body.result).to.deep.equal(
          version === '1.0' ? { configs: [expected], nextPageToken: '' } : [expected],
        );
        for (const answer of [created, got, listed]) {
          const text = JSON.stringify(answer.body);
          expect(text).not.to.include(token);
          expect(text).not.to.include(credentials);
        }
        const stored = await storedText();
        expect(stored).to.include(config.url);
        expect(stored).not.to.include(token);
        expect(stored).not.to.include(credentials);
        expect(stored).not.to.include(Buffer.from(token).toString('base64'));

        const deleted = await callAs(owner, version, methods.delete, ref(version, taskId, 'first'));
        expect(deleted.body.result).to.deep.equal(version === '1.0' ? {} : null);
        // Idempotent, as the spec requires.
        const again = await callAs(owner, version, methods.delete, ref(version, taskId, 'first'));
        expect(again.body).to.have.property('result');
        const gone = await callAs(owner, version, methods.get, ref(version, taskId, 'first'));
        expect(gone.body.error.code).to.equal(-32001);
        const none = await callAs(owner, version, methods.list, version === '1.0' ? { taskId } : { id: taskId });
        expect(none.body.result).to.deep.equal(version === '1.0' ? { configs: [], nextPageToken: '' } : []);
      });

      it('refuses an anonymous caller with 401 (over HTTP), before looking at the task', async () => {
        const headers = version === '1.0' ? V1 : {};
        const create = await rpc(
          {
            jsonrpc: '2.0',
            id: 7,
            method: methods.create,
            params: createParams(version, randomUUID(), { url: 'https://receiver.example.com/a2a' }),
          },
          headers,
        );
        expect(create.status).to.equal(401);
        expect(create.headers.get('www-authenticate')).to.match(
          /^Bearer resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/api\/v1\/agent\/a2a", scope="a2a:tasks"$/,
        );
        expect(create.body.code).to.equal('A2A_UNAUTHORIZED');
        expect(create.body.error.code).to.equal(-32031);
        expect(create.body.id).to.equal(7);
        const list = await rpc(
          {
            jsonrpc: '2.0',
            id: 8,
            method: methods.list,
            params: version === '1.0' ? { taskId: randomUUID() } : { id: randomUUID() },
          },
          headers,
        );
        expect(list.status).to.equal(401);
        const configKey = version === '1.0' ? 'taskPushNotificationConfig' : 'pushNotificationConfig';
        const sent = await rpc(
          {
            jsonrpc: '2.0',
            id: 9,
            method: sendMethod[version],
            params: sendParams(version, {
              configuration: { [configKey]: { url: 'https://receiver.example.com/a2a' } },
            }),
          },
          headers,
        );
        expect(sent.status).to.equal(401);
        expect(sent.body.error.code).to.equal(-32031);
      });

      it('keeps a config per grant: another grant cannot read, list or delete it, nor see an owned task', async () => {
        const taskId = await ownedTask(owner, version);
        await callAs(
          owner,
          version,
          methods.create,
          createParams(version, taskId, { id: 'mine', url: 'https://a.example.com/' }),
        );
        for (const method of [methods.get, methods.delete])
          expect((await callAs(other, version, method, ref(version, taskId, 'mine'))).body.error.code).to.equal(-32001);
        const listed = await callAs(other, version, methods.list, version === '1.0' ? { taskId } : { id: taskId });
        expect(listed.body.error.code).to.equal(-32001);
        const created = await callAs(
          other,
          version,
          methods.create,
          createParams(version, taskId, { url: 'https://b.example.com/' }),
        );
        expect(created.body.error.code).to.equal(-32001);
        expect((await callAs(owner, version, methods.get, ref(version, taskId, 'mine'))).body.result).to.be.an(
          'object',
        );
      });

      it('on an anonymous task whose id two grants hold, each sees and deletes only its own configs', async () => {
        const anonymous = await rpc(
          { jsonrpc: '2.0', id: 1, method: sendMethod[version], params: sendParams(version) },
          version === '1.0' ? V1 : {},
        );
        const taskId = (version === '1.0' ? anonymous.body.result.task.id : anonymous.body.result.id) as string;
        await callAs(
          owner,
          version,
          methods.create,
          createParams(version, taskId, { id: 'same', url: 'https://a.example.com/' }),
        );
        await callAs(
          other,
          version,
          methods.create,
          createParams(version, taskId, { id: 'same', url: 'https://b.example.com/' }),
        );
        await callAs(other, version, methods.delete, ref(version, taskId, 'same'));
        const mine = await callAs(owner, version, methods.get, ref(version, taskId, 'same'));
        const url = version === '1.0' ? mine.body.result.url : mine.body.result.pushNotificationConfig.url;
        expect(url).to.equal('https://a.example.com/');
        const theirs = await callAs(other, version, methods.list, version === '1.0' ? { taskId } : { id: taskId });
        expect(theirs.body.result).to.deep.equal(version === '1.0' ? { configs: [], nextPageToken: '' } : []);
      });
    });
  }

  it('0.3: a config set without an id takes the task id, and get without pushNotificationConfigId reads it', async () => {
    const taskId = await ownedTask(owner, '0.3');
    const set = await callAs(owner, '0.3', 'tasks/pushNotificationConfig/set', {
      taskId,
      pushNotificationConfig: { url: 'https://receiver.example.com/' },
    });
    expect(set.body.result.pushNotificationConfig.id).to.equal(taskId);
    const got = await callAs(owner, '0.3', 'tasks/pushNotificationConfig/get', { id: taskId });
    expect(got.body.result.pushNotificationConfig).to.deep.equal({ id: taskId, url: 'https://receiver.example.com/' });
  });

  it('1.0: a config created without an id gets a server uuid; one created again with its id replaces it', async () => {
    const taskId = await ownedTask(owner);
    const created = await callAs(owner, '1.0', 'CreateTaskPushNotificationConfig', {
      taskId,
      url: 'https://one.example.com/',
    });
    const id = created.body.result.id as string;
    expect(id).to.match(/^[0-9a-f-]{36}$/);
    await callAs(owner, '1.0', 'CreateTaskPushNotificationConfig', { taskId, id, url: 'https://two.example.com/' });
    const listed = await callAs(owner, '1.0', 'ListTaskPushNotificationConfigs', { taskId });
    expect(listed.body.result.configs).to.deep.equal([{ id, taskId, url: 'https://two.example.com/' }]);
  });

  it('refuses URLs the webhook policy refuses, naming the field', async () => {
    const taskId = await ownedTask(owner);
    const refused = [
      'http://receiver.example.com/hook',
      'https://10.0.0.7/hook',
      'https://127.0.0.1/hook',
      'https://user:secret@receiver.example.com/hook',
      `https://receiver.example.com/${'x'.repeat(2100)}`,
      'not a url',
    ];
    for (const url of refused) {
      const answer = await callAs(owner, '1.0', 'CreateTaskPushNotificationConfig', { taskId, url });
      expect(answer.body.error?.code, url).to.equal(-32602);
      expect(answer.body.error.message, url).to.include('url');
    }
    const inMessage = await callAs(
      owner,
      '1.0',
      'SendMessage',
      sendParams('1.0', { configuration: { taskPushNotificationConfig: { url: 'https://10.0.0.7/' } } }),
    );
    expect(inMessage.body.error.code).to.equal(-32602);
    expect(inMessage.body.error.message).to.include('configuration.taskPushNotificationConfig.url');
  });

  it('refuses bad params naming the field, and an unknown task with -32001', async () => {
    const taskId = await ownedTask(owner);
    const cases: Array<[Json, string]> = [
      [{ taskId, url: 'https://a.example.com/', token: 'has space' }, 'token'],
      [
        { taskId, url: 'https://a.example.com/', authentication: { scheme: 'Bearer', credentials: 'a\nb' } },
        'credentials',
      ],
      [{ taskId, url: 'https://a.example.com/', authentication: { scheme: 'Be arer' } }, 'scheme'],
      [{ taskId, url: 'https://a.example.com/', id: 'x'.repeat(201) }, 'id'],
      [{ url: 'https://a.example.com/' }, 'taskId'],
    ];
    for (const [params, field] of cases) {
      const answer = await callAs(owner, '1.0', 'CreateTaskPushNotificationConfig', params);
      expect(answer.body.error?.code, field).to.equal(-32602);
      expect(JSON.stringify(answer.body.error), field).to.include(field);
    }
    const unknown = await callAs(owner, '1.0', 'CreateTaskPushNotificationConfig', {
      taskId: randomUUID(),
      url: 'https://a.example.com/',
    });
    expect(unknown.body.error.code).to.equal(-32001);
    const notUuid = await callAs(owner, '1.0', 'ListTaskPushNotificationConfigs', { taskId: 'nope' });
    expect(notUuid.body.error.code).to.equal(-32001);
  });

  it('holds at most five configs per task (-32033 beyond), replacing one by its id still works', async () => {
    const taskId = await ownedTask(owner);
    for (let index = 0; index < 5; index += 1) {
      const answer = await callAs(owner, '1.0', 'CreateTaskPushNotificationConfig', {
        taskId,
        id: `c${index}`,
        url: 'https://a.example.com/',
      });
      expect(answer.body.result.id).to.equal(`c${index}`);
    }
    const sixth = await callAs(owner, '1.0', 'CreateTaskPushNotificationConfig', {
      taskId,
      url: 'https://a.example.com/',
    });
    expect(sixth.body.error.code).to.equal(-32033);
    const replaced = await callAs(owner, '1.0', 'CreateTaskPushNotificationConfig', {
      taskId,
      id: 'c0',
      url: 'https://b.example.com/',
    });
    expect(replaced.body.result.url).to.equal('https://b.example.com/');
  });

  it('keeps push endpoints out of the workspace’s webhook endpoint management', async () => {
    const taskId = await ownedTask(owner);
    await callAs(owner, '1.0', 'CreateTaskPushNotificationConfig', { taskId, url: 'https://hidden.example.com/' });
    const rows = await fixtureEm()
      .getConnection()
      .execute('select id from webhook_endpoints where business_id = ? and a2a_task_id = ?', [
        owner.businessId,
        taskId,
      ]);
    expect(rows).to.have.length(1);
    const caller = tenantCaller(owner.businessId, { scopes: ['webhooks:manage', 'workspace:read'] });
    const listed = await caller.webhooks.listWebhookEndpoints({});
    expect(JSON.stringify(listed)).not.to.include('hidden.example.com');
  });
});
