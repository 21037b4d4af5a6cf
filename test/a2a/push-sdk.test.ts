import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import {
  ClientFactory as ClientFactory03,
  ClientFactoryOptions as ClientFactoryOptions03,
  JsonRpcTransportFactory as JsonRpcTransportFactory03,
} from 'a2a-js-sdk-v03/client';
import { expect } from 'chai';
import { service } from '../helpers/root-hooks.ts';
import { withToken, compatClient } from './fixtures.ts';
import { grantCaller, ownedTask, type GrantCaller } from './push-fixtures.ts';

/**
 * The official SDKs' push notification config methods against the live service, each SDK's
 * transport given a fetch that adds a real A2A access token (docs/a2a.md, "Authentication"): the
 * requests are exactly what each SDK sends, and each SDK parses our answers. Anonymous refusal is
 * in push-notifications.test.ts.
 */
describe('A2A push notification configs with the official SDKs', function () {
  this.timeout(60_000);
  let owner: GrantCaller;
  // The JSON-RPC methods the SDK sent, in order.
  const methods: string[] = [];
  let fetchImpl: typeof fetch;

  before(async () => {
    owner = await grantCaller();
    fetchImpl = withToken(owner.token, methods);
  });

  it('@a2a-js/sdk 1.3 (1.0): create, get, list and delete; the answers carry no token or credentials', async () => {
    methods.length = 0;
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new JsonRpcTransportFactory({ fetchImpl })],
      }),
    );
    const client = await factory.createFromUrl(service().config.siteUrl);
    const taskId = await ownedTask(owner);
    const config = {
      tenant: '',
      id: 'sdk-1',
      taskId,
      url: 'https://receiver.example.com/a2a',
      token: 'sdk-token',
      authentication: { scheme: 'Bearer', credentials: 'sdk-credential' },
    };
    const created = await client.createTaskPushNotificationConfig(config);
    const redacted = { ...config, token: '', authentication: { scheme: 'Bearer', credentials: '' } };
    expect(created).to.deep.equal(redacted);
    expect(await client.getTaskPushNotificationConfig({ tenant: '', taskId, id: 'sdk-1' })).to.deep.equal(redacted);
    const listed = await client.listTaskPushNotificationConfig({ tenant: '', taskId, pageSize: 0, pageToken: '' });
    expect(listed).to.deep.equal({ configs: [redacted], nextPageToken: '' });
    await client.deleteTaskPushNotificationConfig({ tenant: '', taskId, id: 'sdk-1' });
    const after = await client.listTaskPushNotificationConfig({ tenant: '', taskId, pageSize: 0, pageToken: '' });
    expect(after.configs).to.deep.equal([]);
    expect(methods).to.deep.equal([
      'CreateTaskPushNotificationConfig',
      'GetTaskPushNotificationConfig',
      'ListTaskPushNotificationConfigs',
      'DeleteTaskPushNotificationConfig',
      'ListTaskPushNotificationConfigs',
    ]);
  });

  it('@a2a-js/sdk 1.3 in its 0.3 mode: the tasks/pushNotificationConfig/* methods', async () => {
    methods.length = 0;
    const client = await compatClient(fetchImpl);
    const taskId = await ownedTask(owner, '0.3');
    const created = await client.createTaskPushNotificationConfig({
      tenant: '',
      id: 'compat',
      taskId,
      url: 'https://receiver.example.com/a2a',
      token: 'compat-token',
      authentication: undefined,
    });
    expect(created).to.deep.include({ id: 'compat', taskId, url: 'https://receiver.example.com/a2a', token: '' });
    const got = await client.getTaskPushNotificationConfig({ tenant: '', taskId, id: 'compat' });
    expect(got).to.deep.include({ id: 'compat', token: '' });
    const listed = await client.listTaskPushNotificationConfig({ tenant: '', taskId, pageSize: 0, pageToken: '' });
    expect(listed.configs.map((entry) => entry.id)).to.deep.equal(['compat']);
    await client.deleteTaskPushNotificationConfig({ tenant: '', taskId, id: 'compat' });
    expect(methods).to.deep.equal([
      'tasks/pushNotificationConfig/set',
      'tasks/pushNotificationConfig/get',
      'tasks/pushNotificationConfig/list',
      'tasks/pushNotificationConfig/delete',
    ]);
  });

  it('a2a-js-sdk 0.3.14: set, get, list and delete', async () => {
    methods.length = 0;
    const factory = new ClientFactory03(
      ClientFactoryOptions03.createFrom(ClientFactoryOptions03.default, {
        transports: [new JsonRpcTransportFactory03({ fetchImpl })],
      }),
    );
    const client = await factory.createFromUrl(service().config.siteUrl);
    const taskId = await ownedTask(owner, '0.3');
    const set = await client.setTaskPushNotificationConfig({
      taskId,
      pushNotificationConfig: {
        id: 'legacy',
        url: 'https://receiver.example.com/a2a',
        token: 'legacy-token',
        authentication: { schemes: ['Bearer'], credentials: 'legacy-credential' },
      },
    });
    const redacted = {
      taskId,
      pushNotificationConfig: {
        id: 'legacy',
        url: 'https://receiver.example.com/a2a',
        authentication: { schemes: ['Bearer'] },
      },
    };
    expect(set).to.deep.equal(redacted);
    // GetTaskPushNotificationConfigParams (the type the SDK's overload union does not name alone).
    const legacyRef = { id: taskId, pushNotificationConfigId: 'legacy' } as Parameters<
      typeof client.getTaskPushNotificationConfig
    >[0];
    expect(await client.getTaskPushNotificationConfig(legacyRef)).to.deep.equal(redacted);
    expect(await client.listTaskPushNotificationConfig({ id: taskId })).to.deep.equal([redacted]);
    await client.deleteTaskPushNotificationConfig({ id: taskId, pushNotificationConfigId: 'legacy' });
    expect(await client.listTaskPushNotificationConfig({ id: taskId })).to.deep.equal([]);
    expect(methods).to.deep.equal([
      'tasks/pushNotificationConfig/set',
      'tasks/pushNotificationConfig/get',
      'tasks/pushNotificationConfig/list',
      'tasks/pushNotificationConfig/delete',
      'tasks/pushNotificationConfig/list',
    ]);
  });
});
