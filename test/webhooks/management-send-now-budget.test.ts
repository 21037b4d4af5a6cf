import { expect } from 'chai';
import type { ServerResponse } from 'node:http';
import { AppError } from '../../core/errors/index.ts';
import { expectErrorMessage } from '../helpers/http.ts';
import { startTestService, testConfig, type TestService } from '../helpers/test-service.ts';
import {
  callerFor,
  eventually,
  insertBusiness,
  insertEndpoint,
  startReceiver,
  type Receiver,
} from './delivery-helpers.ts';
import { endpointBody, managedBusiness } from './management-fixtures.ts';

/** WEBHOOK_SEND_NOW_PER_MINUTE's default. */
const PER_MINUTE = 30;

/**
 * POST .../test and .../retry send now and hold the request open for up to the attempt's deadline:
 * they are counted per business (not per endpoint, not per token) and bounded in flight per business.
 */
describe('webhook management: the test and retry budget', function () {
  this.timeout(60_000);

  it(`answers 429 RATE_LIMITED with Retry-After and RateLimit headers past ${PER_MINUTE} a minute per business; another business is not affected`, async () => {
    const a = await managedBusiness('send-now budget');
    const b = await managedBusiness('send-now neighbour');
    const first = (await a.call('POST', '', endpointBody())).body;
    const second = (await a.call('POST', '', endpointBody())).body;
    const tested = await a.call('POST', `/${first.id}/test`);
    expect(tested.status).to.equal(200);
    expect(tested.headers.get('ratelimit-policy')).to.equal(`"webhook-send-now";q=${PER_MINUTE};w=60`);
    // Spread over two endpoints and a retry: the budget is the business's.
    for (let index = 1; index < PER_MINUTE - 1; index += 1)
      expect((await a.call('POST', `/${index % 2 ? second.id : first.id}/test`)).status).to.equal(200);
    expect((await a.call('POST', `/${first.id}/deliveries/${tested.body.delivery_id}/retry`)).status).to.equal(200);

    const refused = await a.call('POST', `/${second.id}/test`);
    expectErrorMessage(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
    expect(refused.headers.get('ratelimit')).to.match(/^"webhook-send-now";r=0;t=\d+$/);
    expectErrorMessage(
      await a.call('POST', `/${first.id}/deliveries/${tested.body.delivery_id}/retry`),
      429,
      'RATE_LIMITED',
    );

    const neighbour = (await b.call('POST', '', endpointBody())).body;
    expect((await b.call('POST', `/${neighbour.id}/test`)).status).to.equal(200);
  });
});

describe('webhook management: test and retry in flight per business', function () {
  this.timeout(60_000);
  let service: TestService;
  let silent: Receiver;
  let quick: Receiver;
  const held: ServerResponse[] = [];

  before(async () => {
    service = await startTestService({
      config: testConfig({ WEBHOOK_WORKER: 'true', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }),
      webhooks: { pollMs: 20 },
    });
    silent = await startReceiver(
      () => [],
      (_entry, res) => held.push(res),
    );
    quick = await startReceiver(() => []);
  });
  after(async () => {
    for (const res of held) res.end();
    await service.stop();
    await Promise.all([silent.close(), quick.close()]);
  });

  it('at most 4 of one business at once (the rest 429 at once, before sending); another business still sends', async () => {
    const business = await insertBusiness(service);
    const endpoint = await insertEndpoint(service, business, silent.url);
    const caller = callerFor(service, business);
    const calls = Array.from({ length: 10 }, () => caller.webhooks.sendTestEvent({ id: endpoint.id }));
    const settled = Promise.allSettled(calls);
    await eventually('four tests held by the receiver', () => held.length >= 4);

    const other = await insertBusiness(service);
    const otherEndpoint = await insertEndpoint(service, other, quick.url);
    expect(await callerFor(service, other).webhooks.sendTestEvent({ id: otherEndpoint.id })).to.include({
      state: 'delivered',
    });

    for (const res of held) res.end();
    const outcomes = await settled;
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).to.have.length(4);
    expect(refused).to.have.length(6);
    for (const outcome of refused) {
      const error = (outcome as PromiseRejectedResult).reason as AppError;
      expect(error).to.be.instanceOf(AppError);
      expect(error.appCode).to.equal('RATE_LIMITED');
    }
    expect(silent.received).to.have.length(4);
  });
});
