import { expect } from 'chai';
import type { ServerResponse } from 'node:http';
import { ZWebhookEndpoint } from '../../core/domain/webhooks/webhook-endpoint.schema.ts';
import { webhookEnvelope } from '../../core/services/webhooks/event-catalogue.ts';
import {
  ZDeliveryExhaustedData,
  ZEndpointFailingData,
  ZEndpointRecoveredData,
} from '../../core/services/webhooks/operational-events.ts';
import {
  callerFor,
  eventually,
  insertBusiness,
  insertEndpoint,
  rows,
  startReceiver,
  workerServiceSuite,
  type Receiver,
} from './delivery-helpers.ts';

/** Three attempts 50 ms apart: a delivery's schedule runs out within the test. */
const SCHEDULE = '0s,50ms,50ms';

const OPERATIONAL = [
  'webhook_endpoint.disabled',
  'webhook_endpoint.failing',
  'webhook_endpoint.recovered',
  'webhook_delivery.exhausted',
];

type Json = Record<string, any>;

/**
 * The operational events end to end, through the worker and real receivers: each recorded once, in
 * the transaction of the attempt that causes it, delivered to the business's endpoints that named it,
 * valid against its published schema; and never fed by its own deliveries.
 */
describe('webhook operational events', function () {
  this.timeout(90_000);
  const suite = workerServiceSuite(SCHEDULE);
  const { receivers } = suite;

  async function receiver(respond: (res: ServerResponse) => void): Promise<Receiver> {
    let secret = '';
    const started = await startReceiver(
      () => (secret ? [secret] : []),
      (_entry, res) => respond(res),
    );
    receivers.push(started);
    return Object.assign(started, { setSecret: (value: string) => (secret = value) });
  }

  let answer: Map<Receiver, (res: ServerResponse) => void>;
  const status = (code: number) => (res: ServerResponse) => {
    res.statusCode = code;
    res.end();
  };

  /** A receiver answering what `answer` holds for it (changeable during a test). */
  async function controlled(initial: number): Promise<Receiver> {
    const holder: { self?: Receiver } = {};
    const started = await receiver((res) => (answer.get(holder.self!) ?? status(initial))(res));
    holder.self = started;
    answer.set(started, status(initial));
    return started;
  }

  beforeEach(() => {
    answer = new Map();
  });

  /** The operational outbox events recorded about an endpoint, in sequence order. */
  async function recorded(
    endpointId: string,
    types: readonly string[] = OPERATIONAL,
  ): Promise<Array<{ event_type: string; sequence: number; payload: Json }>> {
    const all = await rows<{ event_type: string; sequence: number; payload: Json }>(
      suite.service,
      `select event_type, sequence::int as sequence, payload from outbox_events
        where aggregate_type = 'webhook_endpoint' and aggregate_id = ? order by sequence`,
      [endpointId],
    );
    return all.filter((row) => types.includes(row.event_type));
  }

  /** The bodies a receiver got, parsed. */
  const bodies = (target: Receiver): Json[] => target.received.map((entry) => JSON.parse(entry.body) as Json);

  async function watcher(businessId: string, events: string[]): Promise<{ receiver: Receiver; id: string }> {
    const target = await controlled(204);
    const endpoint = await insertEndpoint(suite.service, businessId, target.url, { events });
    (target as Receiver & { setSecret(value: string): void }).setSecret(endpoint.secret);
    return { receiver: target, id: endpoint.id };
  }

  async function state(endpointId: string): Promise<{ disabled: boolean; pending: number }> {
    const [row] = await rows<{ disabled: boolean; pending: number }>(
      suite.service,
      `select e.disabled, (select count(*)::int from webhook_deliveries d where d.endpoint_id = e.id and d.state = 'pending') as pending
         from webhook_endpoints e where e.id = ?`,
      [endpointId],
    );
    return row!;
  }

  it('410 Gone: webhook_endpoint.disabled once, to the endpoints that named it (not to "*", not to another business), valid against its schema', async () => {
    const gone = await controlled(410);
    const business = await insertBusiness(suite.service);
    const other = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, gone.url, { events: ['customer.created'] });
    const named = await watcher(business, ['webhook_endpoint.disabled']);
    const everything = await watcher(business, ['*']);
    const stranger = await watcher(other, OPERATIONAL);

    await callerFor(suite.service, business).workspace.customers.createCustomer({ name: 'Gone' });
    await eventually('the disabled event delivered', () => named.receiver.received.length >= 1);
    await eventually('the customer event at "*"', () => everything.receiver.received.length >= 1);

    const [event] = bodies(named.receiver);
    expect(named.receiver.received[0]!.verified).to.equal(true);
    webhookEnvelope('webhook_endpoint.disabled', 'webhook_endpoint', ZWebhookEndpoint).parse(event);
    expect(event).to.include({ type: 'webhook_endpoint.disabled', business_id: business, sequence: 1, test: false });
    expect(event!.entity).to.deep.equal({ type: 'webhook_endpoint', id: endpoint.id });
    expect(event!.data).to.include({
      id: endpoint.id,
      disabled: true,
      disabled_reason: 'The endpoint answered 410 Gone.',
      last_error: 'HTTP 410',
    });
    expect((await recorded(endpoint.id)).map((row) => row.event_type)).to.deep.equal(['webhook_endpoint.disabled']);
    // "*" is every workspace event, not the operational ones; another business hears nothing.
    expect(bodies(everything.receiver).map((body) => body.type)).to.deep.equal(['customer.created']);
    expect(stranger.receiver.received).to.have.length(0);
  });

  it('the 5-day rule: webhook_endpoint.disabled once (no failing warning beside it), last_error kept', async () => {
    const down = await controlled(500);
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, down.url, { events: ['customer.created'] });
    const named = await watcher(business, OPERATIONAL);
    await rows(
      suite.service,
      "update webhook_endpoints set failing_since = now() - interval '5 days 1 hour', failure_announced_at = now() - interval '5 days 1 hour' where id = ?",
      [endpoint.id],
    );
    const caller = callerFor(suite.service, business);
    await caller.workspace.customers.createCustomer({ name: 'Still down' });
    await eventually('the disabled event delivered', () =>
      bodies(named.receiver).some((body) => body.type === 'webhook_endpoint.disabled'),
    );
    // A second failure cannot follow (disabled): one more event of the business shows nothing new is announced.
    await caller.workspace.customers.createCustomer({ name: 'After' });
    await eventually('the endpoint quiet', async () => (await state(endpoint.id)).disabled);
    const events = await recorded(endpoint.id);
    expect(events.map((row) => row.event_type)).to.deep.equal(['webhook_endpoint.disabled']);
    expect(events[0]!.payload).to.include({
      disabled: true,
      disabled_reason: 'Every delivery failed for 5 days.',
      last_error: 'HTTP 500',
    });
  });

  it('failing (started), failing (disable_warning) and recovered: once each, in order, valid against their schemas', async () => {
    const flaky = await controlled(500);
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, flaky.url, { events: ['customer.created'] });
    const named = await watcher(business, ['webhook_endpoint.failing', 'webhook_endpoint.recovered']);
    const caller = callerFor(suite.service, business);
    const failures = async (count: number) => {
      const before = flaky.received.length;
      await caller.workspace.customers.createCustomer({ name: 'Down' });
      await eventually(`${count} more failed attempts`, () => flaky.received.length >= before + count);
    };

    await failures(3);
    await failures(3);
    await eventually('started delivered', () => named.receiver.received.length >= 1);
    const endpointEvents = ['webhook_endpoint.failing', 'webhook_endpoint.recovered'];
    expect((await recorded(endpoint.id, endpointEvents)).map((row) => row.payload.stage)).to.deep.equal(['started']);

    // Four days into the failing period: the next failure warns, once.
    await rows(
      suite.service,
      "update webhook_endpoints set failing_since = now() - interval '4 days 1 hour' where id = ?",
      [endpoint.id],
    );
    await failures(3);
    await failures(3);
    await eventually('the warning delivered', () => named.receiver.received.length >= 2);

    answer.set(flaky, status(204));
    await caller.workspace.customers.createCustomer({ name: 'Back' });
    await eventually('recovered delivered', () => named.receiver.received.length >= 3);
    await caller.workspace.customers.createCustomer({ name: 'Still fine' });
    await eventually('the last customer delivered', async () => (await state(endpoint.id)).pending === 0);

    // Each failed customer event also ran out (webhook_delivery.exhausted, its own test): the sequence counts those too.
    const events = await recorded(endpoint.id, endpointEvents);
    expect(events.map((row) => [row.event_type, row.payload.stage])).to.deep.equal([
      ['webhook_endpoint.failing', 'started'],
      ['webhook_endpoint.failing', 'disable_warning'],
      ['webhook_endpoint.recovered', undefined],
    ]);
    const sequences = (await recorded(endpoint.id)).map((row) => row.sequence);
    expect(sequences).to.deep.equal(sequences.map((_n, index) => index + 1));
    const [started, warning, recovered] = bodies(named.receiver);
    webhookEnvelope('webhook_endpoint.failing', 'webhook_endpoint', ZEndpointFailingData).parse(started);
    webhookEnvelope('webhook_endpoint.failing', 'webhook_endpoint', ZEndpointFailingData).parse(warning);
    webhookEnvelope('webhook_endpoint.recovered', 'webhook_endpoint', ZEndpointRecoveredData).parse(recovered);
    const since = new Date(warning!.data.failing_since as string).getTime();
    expect(new Date(warning!.data.disables_at as string).getTime() - since).to.equal(5 * 86_400_000);
    expect(started!.data).to.include({ stage: 'started', disabled: false, last_error: 'HTTP 500' });
    expect(recovered!.data.failing_since).to.equal(null);
    expect(recovered!.data.failing_from).to.equal(started!.data.failing_since);
    expect(bodies(named.receiver)).to.have.length(3);
  });

  it('webhook_delivery.exhausted once when a delivery’s schedule runs out, naming the delivery', async () => {
    const down = await controlled(503);
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, down.url, { events: ['customer.created'] });
    const named = await watcher(business, ['webhook_delivery.exhausted']);
    await callerFor(suite.service, business).workspace.customers.createCustomer({ name: 'Never delivered' });
    await eventually('the exhausted event delivered', () => named.receiver.received.length >= 1);
    const [delivery] = await rows<{ id: string; event_id: string }>(
      suite.service,
      "select id, event_id from webhook_deliveries where endpoint_id = ? and state = 'failed'",
      [endpoint.id],
    );
    const [event] = bodies(named.receiver);
    webhookEnvelope('webhook_delivery.exhausted', 'webhook_endpoint', ZDeliveryExhaustedData).parse(event);
    expect(event!.data).to.deep.equal({
      delivery_id: delivery!.id,
      endpoint_id: endpoint.id,
      event_id: delivery!.event_id,
      event_type: 'customer.created',
      attempts: 3,
      last_status: 503,
      last_error: 'HTTP 503',
    });
    // The first failure also started a failing period.
    expect((await recorded(endpoint.id)).map((row) => row.event_type)).to.deep.equal([
      'webhook_endpoint.failing',
      'webhook_delivery.exhausted',
    ]);
  });

  it('no loop: a subscriber of the operational events that is itself down gets each once, and its own failures make none', async () => {
    const down = await controlled(500);
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, down.url, {
      events: ['customer.created', ...OPERATIONAL],
    });
    await callerFor(suite.service, business).workspace.customers.createCustomer({ name: 'Loop bait' });
    // The customer event fails (failing started), runs out (exhausted); both are delivered to the same
    // endpoint, fail and run out too, and announce nothing more: every delivery ends failed.
    await eventually('every delivery failed', async () => {
      const [row] = await rows<{ failed: number; other: number }>(
        suite.service,
        `select count(*) filter (where state = 'failed')::int as failed, count(*) filter (where state <> 'failed')::int as other
           from webhook_deliveries where endpoint_id = ?`,
        [endpoint.id],
      );
      const [unpublished] = await rows<{ n: number }>(
        suite.service,
        'select count(*)::int as n from outbox_events where business_id = ? and published_at is null',
        [business],
      );
      return row!.failed === 3 && row!.other === 0 && unpublished!.n === 0;
    });
    expect((await recorded(endpoint.id)).map((row) => row.event_type)).to.deep.equal([
      'webhook_endpoint.failing',
      'webhook_delivery.exhausted',
    ]);
    expect(new Set(down.received.map((entry) => entry.id)).size).to.equal(3);
  });

  it('an owner disabling an endpoint (PATCH) announces nothing; enabling it again starts afresh', async () => {
    const down = await controlled(500);
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, down.url, { events: ['customer.created'] });
    const named = await watcher(business, OPERATIONAL);
    const caller = callerFor(suite.service, business);
    await caller.webhooks.updateWebhookEndpoint({ id: endpoint.id, disabled: true });
    await caller.webhooks.updateWebhookEndpoint({ id: endpoint.id, disabled: false });
    await caller.workspace.customers.createCustomer({ name: 'Down after enabling' });
    await eventually('started delivered', () => named.receiver.received.length >= 1);
    await eventually('the schedule ran out', async () => (await state(endpoint.id)).pending === 0);
    await eventually('exhausted delivered', () => named.receiver.received.length >= 2);
    expect(bodies(named.receiver).map((body) => body.type)).to.deep.equal([
      'webhook_endpoint.failing',
      'webhook_delivery.exhausted',
    ]);
  });

  it('an A2A push config’s endpoint (hidden) announces nothing: neither its failures, nor running out, nor 410', async () => {
    const down = await controlled(503);
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, down.url, { events: ['customer.created'] });
    const named = await watcher(business, OPERATIONAL);
    // Hidden as a push config's endpoint is: owned by an A2A task.
    await rows(
      suite.service,
      `with task as (
         insert into agent_tasks (id, context_id, status_seq, state, history, artifacts, created_at, updated_at, expires_at)
         values (gen_random_uuid(), 'ctx', nextval('agent_task_status_seq'), 'completed', '[]', '[]', now(), now(), now() + interval '1 day')
         returning id)
       update webhook_endpoints set a2a_task_id = (select id from task) where id = ?`,
      [endpoint.id],
    );
    const caller = callerFor(suite.service, business);
    await caller.workspace.customers.createCustomer({ name: 'Hidden' });
    await eventually('the schedule ran out', async () => {
      const [row] = await rows<{ n: number }>(
        suite.service,
        "select count(*)::int as n from webhook_deliveries where endpoint_id = ? and state = 'failed'",
        [endpoint.id],
      );
      return row!.n === 1;
    });
    answer.set(down, status(410));
    await caller.workspace.customers.createCustomer({ name: 'Hidden and gone' });
    await eventually('disabled by its 410', async () => (await state(endpoint.id)).disabled);
    expect(await recorded(endpoint.id)).to.deep.equal([]);
    expect(named.receiver.received).to.have.length(0);
  });
});
