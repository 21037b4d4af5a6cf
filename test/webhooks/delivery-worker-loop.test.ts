import { expect } from 'chai';
import type { ServerResponse } from 'node:http';
import { testConfig, startTestService, type TestService } from '../helpers/test-service.ts';
import {
  callerFor,
  eventually,
  insertBusiness,
  insertEndpoint,
  rows,
  startReceiver,
  type Receiver,
} from './delivery-helpers.ts';

/**
 * One endpoint's share of a worker's slots: with 4 attempts in flight (all 4 for one business, 2 per
 * endpoint), a receiver that never answers holds at most 2 of them, and another endpoint's events
 * are delivered meanwhile.
 */
describe('webhook delivery: one slow endpoint cannot take every slot', function () {
  this.timeout(60_000);
  let service: TestService;
  const receivers: Receiver[] = [];
  const held: ServerResponse[] = [];

  before(async () => {
    service = await startTestService({
      config: testConfig({
        WEBHOOK_WORKER: 'true',
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        WEBHOOK_CONCURRENCY: '4',
        WEBHOOK_BUSINESS_CONCURRENCY: '4',
        WEBHOOK_ENDPOINT_CONCURRENCY: '2',
      }),
      webhooks: { pollMs: 20 },
    });
  });
  after(async () => {
    for (const res of held) res.end();
    await service.stop();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  it('a receiver that does not answer holds half the slots; the other endpoint gets its events', async () => {
    const slow = await startReceiver(
      () => [],
      (_entry, res) => held.push(res),
    );
    const fast = await startReceiver(() => []);
    receivers.push(slow, fast);
    const slowBusiness = await insertBusiness(service);
    const fastBusiness = await insertBusiness(service);
    await insertEndpoint(service, slowBusiness, slow.url);
    await insertEndpoint(service, fastBusiness, fast.url);
    const slowCaller = callerFor(service, slowBusiness);
    for (let index = 0; index < 6; index += 1)
      await slowCaller.workspace.customers.createCustomer({ name: `S${index}` });
    await eventually('the slow receiver holding two requests', () => slow.received.length >= 2);

    const fastCaller = callerFor(service, fastBusiness);
    for (let index = 0; index < 5; index += 1)
      await fastCaller.workspace.customers.createCustomer({ name: `F${index}` });
    await eventually('every event at the other endpoint', () => fast.received.length >= 5);
    expect(slow.received).to.have.length(2);
  });
});

/**
 * Slots are fair per business, not only per endpoint: with the default 64 slots, two endpoints of
 * one business that never answer and 300 queued deliveries hold that business's share (32, at most 24 per
 * endpoint) and no more; another business's delivery leaves at once rather than after the held
 * attempts' 15 s deadline.
 */
describe('webhook delivery: one business cannot take every slot', function () {
  this.timeout(60_000);
  let service: TestService;
  const receivers: Receiver[] = [];
  const held: ServerResponse[] = [];

  before(async () => {
    service = await startTestService({
      config: testConfig({ WEBHOOK_WORKER: 'true', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }),
      webhooks: { pollMs: 20 },
    });
  });
  after(async () => {
    for (const res of held) res.end();
    await service.stop();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  it("two silent endpoints of business A with 300 queued deliveries: business B's delivery still leaves within seconds", async () => {
    const silent = [
      await startReceiver(
        () => [],
        (_entry, res) => held.push(res),
      ),
      await startReceiver(
        () => [],
        (_entry, res) => held.push(res),
      ),
    ];
    const other = await startReceiver(() => []);
    receivers.push(...silent, other);
    const flooding = await insertBusiness(service);
    const waiting = await insertBusiness(service);
    for (const receiver of silent) {
      const endpoint = await insertEndpoint(service, flooding, receiver.url);
      await rows(
        service,
        `insert into webhook_deliveries (id, business_id, endpoint_id, event_id, event_type, payload, next_attempt_at)
         select gen_random_uuid(), ?, ?, gen_random_uuid(), 'customer.created', '{}', now() from generate_series(1, 150)`,
        [flooding, endpoint.id],
      );
    }
    await insertEndpoint(service, waiting, other.url);
    await eventually('business A holding its share of the slots', () => held.length >= 32);

    const queued = Date.now();
    await callerFor(service, waiting).workspace.customers.createCustomer({ name: 'Not behind the flood' });
    await eventually("business B's delivery", () => other.received.length >= 1);
    // The bound the issue asks for, generous: without the per-business cap it is the 15 s deadline.
    expect(Date.now() - queued).to.be.below(5000);
    expect(held.length).to.equal(32);
    for (const receiver of silent) expect(receiver.received.length).to.be.at.most(24);
  });
});

/**
 * The worker is woken by a commit of its own process that wrote outbox events: with a poll of a
 * minute, an event created through the API is still delivered at once.
 */
describe('webhook delivery: a commit that wrote outbox events wakes the worker of its process', function () {
  this.timeout(60_000);
  let service: TestService;
  let hook: Receiver;

  before(async () => {
    service = await startTestService({
      config: testConfig({ WEBHOOK_WORKER: 'true', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }),
      webhooks: { pollMs: 600_000 },
    });
    hook = await startReceiver(() => []);
  });
  after(async () => {
    await service.stop();
    await hook.close();
  });

  it('delivers a created customer and job without waiting for the (10-minute) poll', async () => {
    const business = await insertBusiness(service);
    await insertEndpoint(service, business, hook.url);
    const caller = callerFor(service, business);
    const customer = await caller.workspace.customers.createCustomer({ name: 'Woken' });
    await eventually('the customer.created delivery', () => hook.received.length >= 1);
    await caller.workspace.jobs.createJob({ customer_id: customer.id, title: 'Woken too' });
    await eventually('the job.created delivery', () => hook.received.length >= 2);
    expect(hook.received.map((entry) => JSON.parse(entry.body).type)).to.deep.equal([
      'customer.created',
      'job.created',
    ]);
  });
});
