import { expect } from 'chai';
import type { Resolver } from '../../adapters/outbound/guarded-lookup.ts';
import { sharedOauthKeyConfig } from '../helpers/a2a-access-token.ts';
import { startTestService, testConfig, type TestService } from '../helpers/test-service.ts';
import { eventually, rows } from '../webhooks/delivery-helpers.ts';
import { callAs, grantCaller, sendParams } from './push-fixtures.ts';

/** A public-looking name that resolves to loopback: the create-time check cannot know, the connect-time one must refuse. */
const resolver: Resolver = (hostname) =>
  hostname === 'receiver.push.test'
    ? Promise.resolve([{ address: '127.0.0.1', family: 4 }])
    : Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));

/**
 * A push to a host name that resolves to a private address is refused by the webhook engine's
 * connect-time guard (DNS rebinding cannot pass the create-time URL check either), recorded as a
 * failed attempt that names no address.
 */
describe('A2A push deliveries: the connect-time address guard', function () {
  this.timeout(60_000);
  let service: TestService;

  before(async () => {
    service = await startTestService({
      config: testConfig({
        WEBHOOK_WORKER: 'true',
        WEBHOOK_ALLOW_PRIVATE_URLS: 'false',
        WEBHOOK_RETRY_SCHEDULE: '0s',
        ...(await sharedOauthKeyConfig()),
      }),
      webhooks: { resolver, pollMs: 20, timeoutMs: 2_000 },
    });
  });
  after(() => service?.stop());

  it('accepts the config (a host name), then refuses to connect to the loopback address it resolves to', async () => {
    const caller = await grantCaller(service);
    const sent = await callAs(
      caller,
      '1.0',
      'SendMessage',
      sendParams('1.0', {
        configuration: { taskPushNotificationConfig: { url: 'https://receiver.push.test/hook', token: 'guarded' } },
      }),
    );
    const taskId = sent.body.result.task.id as string;
    let row: { state: string; last_error: string | null; last_status: number | null } | undefined;
    await eventually('the delivery to end failed', async () => {
      [row] = await rows<{ state: string; last_error: string | null; last_status: number | null }>(
        service,
        `select d.state, d.last_error, d.last_status from webhook_deliveries d
           join webhook_endpoints e on e.id = d.endpoint_id where e.a2a_task_id = ?`,
        [taskId],
      );
      return row?.state === 'failed';
    });
    expect(row!.last_status).to.equal(null);
    expect(row!.last_error).to.include('could not be reached');
    expect(row!.last_error).not.to.include('127.0.0.1');
  });
});
