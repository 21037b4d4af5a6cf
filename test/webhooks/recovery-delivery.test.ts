import { expect } from 'chai';
import {
  callerFor,
  eventually,
  insertBusiness,
  insertEndpoint,
  rows,
  startReceiver,
  workerServiceSuite,
  type Received,
  type Receiver,
} from './delivery-helpers.ts';

/** Three attempts 20 ms apart, then failed: an outage exhausts them at once. */
const SCHEDULE = '0s,20ms,20ms';

/** The headers the delivery log promises to show, as the receiver got them. */
const SHOWN = ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'content-type', 'user-agent'] as const;

/**
 * Recover and resend end to end, through the worker and a receiver that verifies every request with
 * standardwebhooks: an outage exhausts the attempts, recover sends each failed event exactly once
 * more (however many recover calls race), and the log shows the headers the receiver got.
 */
describe('webhook recovery and resend, end to end', function () {
  this.timeout(60_000);
  // A budget large enough for 50 concurrent recover calls of one business.
  const suite = workerServiceSuite(SCHEDULE, async () => ({ WEBHOOK_SEND_NOW_PER_MINUTE: '1000' }));
  const { receivers } = suite;

  /** A receiver that answers 500 while `down()` says so, 204 otherwise. */
  async function flakyReceiver(secret: () => string, down: () => boolean): Promise<Receiver> {
    const started = await startReceiver(
      () => [secret()],
      (_entry, res) => {
        res.statusCode = down() ? 500 : 204;
        res.end();
      },
    );
    receivers.push(started);
    return started;
  }

  const countsById = (received: readonly Received[]) =>
    received.reduce(
      (counts, entry) => counts.set(entry.id, (counts.get(entry.id) ?? 0) + 1),
      new Map<string, number>(),
    );

  async function states(endpointId: string): Promise<Record<string, number>> {
    const found = await rows<{ state: string; n: number }>(
      suite.service,
      'select state, count(*)::int as n from webhook_deliveries where endpoint_id = ? group by state',
      [endpointId],
    );
    return Object.fromEntries(found.map((row) => [row.state, row.n]));
  }

  it('after an outage, recover delivers each failed event exactly once more, however many calls race; the log shows the headers the receiver got', async () => {
    let down = false;
    let secret = '';
    const hook = await flakyReceiver(
      () => secret,
      () => down,
    );
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, hook.url);
    secret = endpoint.secret;
    const caller = callerFor(suite.service, business);
    const since = new Date(Date.now() - 60_000).toISOString();

    await caller.workspace.customers.createCustomer({ name: 'Before the outage' });
    await eventually('the first event delivered', async () => (await states(endpoint.id)).delivered === 1);
    down = true;
    for (let index = 0; index < 6; index += 1)
      await caller.workspace.customers.createCustomer({ name: `Outage ${index}` });
    await eventually('six deliveries failed', async () => (await states(endpoint.id)).failed === 6);
    const failedIds = [...countsById(hook.received)].filter(([, count]) => count === 3).map(([id]) => id);
    expect(failedIds).to.have.length(6);

    down = false;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => caller.webhooks.recoverWebhookDeliveries({ id: endpoint.id, since })),
    );
    expect(answers.reduce((sum, answer) => sum + answer.recovered, 0)).to.equal(6);
    await eventually('every recovered delivery delivered', async () => (await states(endpoint.id)).delivered === 7);
    // Nothing is left pending, so nothing more can be sent: the counts below are final.
    expect(await states(endpoint.id)).to.deep.equal({ delivered: 7 });
    expect(await caller.webhooks.recoverWebhookDeliveries({ id: endpoint.id, since })).to.include({
      recovered: 0,
      more: false,
    });
    const counts = countsById(hook.received);
    for (const id of failedIds) expect(counts.get(id), id).to.equal(4);
    expect([...counts.values()].sort()).to.deep.equal([1, 4, 4, 4, 4, 4, 4]);
    expect(hook.received.every((entry) => entry.verified)).to.equal(true);

    // The log: each attempt's request headers are what the receiver got, the body is the one it got.
    const [delivery] = (
      await caller.webhooks.listWebhookDeliveries({ id: endpoint.id, event_id: failedIds[0]!, limit: 5 })
    ).items;
    expect(delivery).to.deep.include({ event_id: failedIds[0], state: 'delivered', attempts: 4 });
    const got = hook.received.filter((entry) => entry.id === failedIds[0]);
    expect(delivery!.request).to.deep.equal({ body: got[0]!.body, body_truncated: false });
    expect(delivery!.attempt_log.map((attempt) => attempt.response_status)).to.deep.equal([500, 500, 500, 204]);
    delivery!.attempt_log.forEach((attempt, index) => {
      const sent = Object.fromEntries(SHOWN.map((name) => [name, got[index]!.headers[name]]));
      expect(attempt.request_headers, `attempt ${index + 1}`).to.deep.equal(sent);
    });
  });

  it('resend sends a delivered event again (same webhook-id and body), and an event to an endpoint that never had it', async () => {
    let secret = '';
    const first = await flakyReceiver(
      () => secret,
      () => false,
    );
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, first.url);
    secret = endpoint.secret;
    const caller = callerFor(suite.service, business);
    await caller.workspace.customers.createCustomer({ name: 'Resent' });
    await eventually('the event delivered', async () => (await states(endpoint.id)).delivered === 1);
    const eventId = first.received[0]!.id;

    const again = await caller.webhooks.resendWebhookEvent({ id: endpoint.id, event_id: eventId });
    expect(again).to.include({ event_id: eventId, outcome: 'requeued', state: 'pending' });
    await eventually('the event received twice', () => first.received.length === 2);
    expect(first.received[1]!.body).to.equal(first.received[0]!.body);
    expect(first.received.every((entry) => entry.verified && entry.id === eventId)).to.equal(true);

    let laterSecret = '';
    const later = await flakyReceiver(
      () => laterSecret,
      () => false,
    );
    const added = await insertEndpoint(suite.service, business, later.url, { events: ['customer.created'] });
    laterSecret = added.secret;
    const created = await caller.webhooks.resendWebhookEvent({ id: added.id, event_id: eventId });
    expect(created).to.include({ event_id: eventId, event_type: 'customer.created', outcome: 'created' });
    await eventually('the event at the new endpoint', () => later.received.length === 1);
    expect(later.received[0]).to.include({ id: eventId, body: first.received[0]!.body, verified: true });
  });

  it("a large recovery holds its business's share of the workers: another business's event is delivered while it hangs", async () => {
    const held: (() => void)[] = [];
    let released = false;
    const slow = await startReceiver(
      () => [],
      (_entry, res) => {
        const answer = () => {
          res.statusCode = 204;
          res.end();
        };
        if (released) answer();
        else held.push(answer);
      },
    );
    receivers.push(slow);
    let otherSecret = '';
    const other = await flakyReceiver(
      () => otherSecret,
      () => false,
    );
    const big = await insertBusiness(suite.service);
    const bigEndpoint = await insertEndpoint(suite.service, big, slow.url);
    await rows(
      suite.service,
      `insert into webhook_deliveries (id, business_id, endpoint_id, event_id, event_type, payload, state, attempts, next_attempt_at, created_at)
       select gen_random_uuid(), ?, ?, gen_random_uuid(), 'customer.created', '{}', 'failed', 3, now(), now() - interval '10 minutes'
         from generate_series(1, 300)`,
      [big, bigEndpoint.id],
    );
    const recovered = await callerFor(suite.service, big).webhooks.recoverWebhookDeliveries({
      id: bigEndpoint.id,
      since: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(recovered).to.include({ recovered: 300, more: false });
    await eventually('the recovered deliveries holding their share', () => held.length > 0);

    const small = await insertBusiness(suite.service);
    otherSecret = (await insertEndpoint(suite.service, small, other.url)).secret;
    await callerFor(suite.service, small).workspace.customers.createCustomer({ name: 'Not starved' });
    // While every recovered attempt in flight hangs, the other business's event still goes out.
    await eventually('the other business delivered', () => other.received.length === 1);
    expect(other.received[0]!.verified).to.equal(true);
    expect((await states(bigEndpoint.id)).delivered ?? 0).to.equal(0);

    released = true;
    held.splice(0).forEach((answer) => answer());
    await eventually('the recovery delivered', async () => (await states(bigEndpoint.id)).delivered === 300);
  });
});
