import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { expectErrorMessage } from '../helpers/http.ts';
import { fixtureEm } from '../helpers/workspace.ts';
import { endpointBody, managedBusiness, type Json, type ManagedBusiness } from './management-fixtures.ts';

const sql = (text: string, params: unknown[] = []) => fixtureEm().getConnection().execute<Json[]>(text, params);

const DAY_MS = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

interface FixtureDelivery {
  state: 'pending' | 'delivered' | 'failed';
  createdAt?: string;
  eventType?: string;
  payload?: string;
}

/** A delivery of a new event to the endpoint (fixture SQL: no worker runs on the shared service). */
async function insertDelivery(business: ManagedBusiness, endpointId: string, delivery: FixtureDelivery) {
  const id = randomUUID();
  const eventId = randomUUID();
  await sql(
    `insert into webhook_deliveries (id, business_id, endpoint_id, event_id, event_type, payload, state, attempts, next_attempt_at, created_at)
     values (?, ?, ?, ?, ?, ?, ?, 3, now(), ?)`,
    [
      id,
      business.id,
      endpointId,
      eventId,
      delivery.eventType ?? 'customer.created',
      delivery.payload ?? JSON.stringify({ id: eventId }),
      delivery.state,
      delivery.createdAt ?? ago(60_000),
    ],
  );
  return { id, eventId };
}

/** A customer.created event of the business in the outbox, as a write would leave it. */
async function insertOutboxEvent(business: ManagedBusiness, createdAt = ago(60_000)): Promise<string> {
  const id = randomUUID();
  await sql(
    `insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload, created_at, occurred_at, published_at)
     values (?, ?, 'customer.created', 'customer', ?, ?, ?, ?, now())`,
    [id, business.id, randomUUID(), JSON.stringify({ id: randomUUID(), name: 'Resend fixture' }), createdAt, createdAt],
  );
  return id;
}

async function stateOf(deliveryId: string): Promise<string> {
  const [row] = await sql('select state from webhook_deliveries where id = ?', [deliveryId]);
  return row!.state as string;
}

describe('webhook management: recover, resend and the delivery log', function () {
  this.timeout(120_000);
  let a: ManagedBusiness;
  let b: ManagedBusiness;
  let endpoint: Json;

  before(async () => {
    [a, b] = await Promise.all([managedBusiness('recover-a'), managedBusiness('recover-b')]);
    endpoint = (await a.call('POST', '', endpointBody({ enabled_events: ['*'] }))).body;
  });

  it('recover re-queues only failed deliveries queued in [since, until), answering 202 {recovered, more, since, until}', async () => {
    const own = (await a.call('POST', '', endpointBody())).body;
    const before = await insertDelivery(a, own.id, { state: 'failed', createdAt: ago(3 * 3_600_000) });
    const inside = await insertDelivery(a, own.id, { state: 'failed', createdAt: ago(2 * 3_600_000) });
    const pending = await insertDelivery(a, own.id, { state: 'pending', createdAt: ago(2 * 3_600_000) });
    const delivered = await insertDelivery(a, own.id, { state: 'delivered', createdAt: ago(2 * 3_600_000) });
    const after = await insertDelivery(a, own.id, { state: 'failed', createdAt: ago(30 * 60_000) });
    const other = await insertDelivery(a, endpoint.id, { state: 'failed', createdAt: ago(2 * 3_600_000) });
    const since = ago(2.5 * 3_600_000);
    const until = ago(3_600_000);

    const recovered = await a.call('POST', `/${own.id}/recover`, { since, until });
    expect(recovered.status, recovered.text).to.equal(202);
    expect(recovered.body).to.deep.equal({ recovered: 1, more: false, since, until });
    expect(await stateOf(inside.id)).to.equal('pending');
    for (const [name, row, state] of [
      ['before the window', before, 'failed'],
      ['after the window', after, 'failed'],
      ['pending', pending, 'pending'],
      ['delivered', delivered, 'delivered'],
      ["another endpoint's", other, 'failed'],
    ] as const)
      expect(await stateOf(row.id), name).to.equal(state);
    // The attempt count is kept: one more attempt runs the schedule out again if it fails.
    const [requeued] = await sql('select attempts, locked_until from webhook_deliveries where id = ?', [inside.id]);
    expect(requeued).to.deep.include({ attempts: 3, locked_until: null });

    // Again: nothing left to recover. Without until: up to now.
    const again = await a.call('POST', `/${own.id}/recover`, { since });
    expect(again.status).to.equal(202);
    expect(again.body).to.include({ recovered: 1, more: false, since });
    expect(await stateOf(after.id)).to.equal('pending');
    expect((await a.call('POST', `/${own.id}/recover`, { since })).body.recovered).to.equal(0);
  });

  it('recover is bounded: at most 10,000 per call, then `more` until none are left', async () => {
    const own = (await a.call('POST', '', endpointBody())).body;
    await sql(
      `insert into webhook_deliveries (id, business_id, endpoint_id, event_id, event_type, payload, state, attempts, next_attempt_at, created_at)
       select gen_random_uuid(), ?, ?, gen_random_uuid(), 'customer.created', '{}', 'failed', 3, now(),
              now() - interval '1 hour' + g * interval '1 millisecond'
         from generate_series(1, 10001) g`,
      [a.id, own.id],
    );
    const since = ago(2 * 3_600_000);
    expect((await a.call('POST', `/${own.id}/recover`, { since })).body).to.include({ recovered: 10_000, more: true });
    expect((await a.call('POST', `/${own.id}/recover`, { since })).body).to.include({ recovered: 1, more: false });
    const [left] = await sql(
      "select count(*)::int as n from webhook_deliveries where endpoint_id = ? and state = 'failed'",
      [own.id],
    );
    expect(left!.n).to.equal(0);
  });

  it('refuses a window that cannot be (400 WEBHOOK_RECOVERY_WINDOW_INVALID) or is not ISO 8601 (400 VALIDATION_FAILED)', async () => {
    const path = `/${endpoint.id}/recover`;
    for (const body of [
      { since: ago(31 * DAY_MS) },
      { since: ago(60_000), until: ago(120_000) },
      { since: ago(-60_000) },
    ])
      expectErrorMessage(await a.call('POST', path, body), 400, 'WEBHOOK_RECOVERY_WINDOW_INVALID');
    const equal = ago(60_000);
    const empty = await a.call('POST', path, { since: equal, until: equal });
    expectErrorMessage(empty, 400, 'WEBHOOK_RECOVERY_WINDOW_INVALID');
    expect(empty.body.message).to.include('must be before until');
    for (const body of [{}, { since: 'yesterday' }, { since: ago(60_000), until: 12 }])
      expectErrorMessage(await a.call('POST', path, body), 400, 'VALIDATION_FAILED');
  });

  it('refuses recover and resend on a disabled endpoint (409), touching nothing', async () => {
    const own = (await a.call('POST', '', endpointBody())).body;
    const failed = await insertDelivery(a, own.id, { state: 'failed' });
    await a.call('PATCH', `/${own.id}`, { disabled: true });
    const refused = await a.call('POST', `/${own.id}/recover`, { since: ago(3_600_000) });
    expectErrorMessage(refused, 409, 'CONFLICT');
    expect(refused.body.resolution).to.include('disabled: false');
    expectErrorMessage(await a.call('POST', `/${own.id}/resend`, { event_id: failed.eventId }), 409, 'CONFLICT');
    expect(await stateOf(failed.id)).to.equal('failed');
  });

  it('50 concurrent recover calls re-queue each failed delivery once (past the budget, 429)', async () => {
    const c = await managedBusiness('recover-concurrent');
    const own = (await c.call('POST', '', endpointBody())).body;
    const failed = [];
    for (let index = 0; index < 40; index += 1) failed.push(await insertDelivery(c, own.id, { state: 'failed' }));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => c.call('POST', `/${own.id}/recover`, { since: ago(3_600_000) })),
    );
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].sort()).to.deep.equal([202, 429]);
    const total = answers
      .filter((answer) => answer.status === 202)
      .reduce((sum, answer) => sum + (answer.body.recovered as number), 0);
    expect(total).to.equal(40);
    const [counted] = await sql(
      "select count(*)::int as n from webhook_deliveries where endpoint_id = ? and state = 'pending'",
      [own.id],
    );
    expect(counted!.n).to.equal(40);
  });

  it('resend: creates a delivery of a stored event, leaves a pending one, re-queues a finished one; 50 at once make one delivery', async () => {
    const e = await managedBusiness('resend');
    const own = (await e.call('POST', '', endpointBody({ enabled_events: ['customer.created'] }))).body;
    const eventId = await insertOutboxEvent(e);
    const created = await e.call('POST', `/${own.id}/resend`, { event_id: eventId });
    expect(created.status, created.text).to.equal(202);
    expect(created.body).to.deep.include({
      event_id: eventId,
      event_type: 'customer.created',
      state: 'pending',
      outcome: 'created',
    });
    const [row] = await sql('select payload from webhook_deliveries where id = ?', [created.body.delivery_id]);
    const body = JSON.parse(row!.payload as string);
    expect(body).to.deep.include({
      id: eventId,
      type: 'customer.created',
      business_id: e.id,
      sequence: 1,
      test: false,
    });
    expect(body.entity.type).to.equal('customer');

    // An endpoint that takes thin deliveries gets the thin body of the same event.
    const thin = (await e.call('POST', '', endpointBody({ enabled_events: ['*'], event_payload: 'thin' }))).body;
    const thinResend = await e.call('POST', `/${thin.id}/resend`, { event_id: eventId });
    expect(thinResend.body.outcome).to.equal('created');
    const [thinRow] = await sql('select payload from webhook_deliveries where id = ?', [thinResend.body.delivery_id]);
    const thinBody = JSON.parse(thinRow!.payload as string);
    expect(thinBody).to.not.have.property('data');
    expect(thinBody.entity.url).to.be.a('string');
    expect(body.data.name).to.equal('Resend fixture');

    expect((await e.call('POST', `/${own.id}/resend`, { event_id: eventId })).body).to.deep.include({
      delivery_id: created.body.delivery_id,
      outcome: 'already_queued',
    });
    await sql("update webhook_deliveries set state = 'delivered', delivered_at = now() where id = ?", [
      created.body.delivery_id,
    ]);
    expect((await e.call('POST', `/${own.id}/resend`, { event_id: eventId })).body).to.deep.include({
      delivery_id: created.body.delivery_id,
      outcome: 'requeued',
      state: 'pending',
    });

    // A webhook.test event is in no outbox, but the endpoint's delivery of it can be sent again.
    const tested = (await e.call('POST', `/${own.id}/test`)).body;
    await sql("update webhook_deliveries set state = 'failed' where id = ?", [tested.delivery_id]);
    expect((await e.call('POST', `/${own.id}/resend`, { event_id: tested.event_id })).body).to.deep.include({
      delivery_id: tested.delivery_id,
      outcome: 'requeued',
    });

    const d = await managedBusiness('resend-concurrent');
    const theirs = (await d.call('POST', '', endpointBody({ enabled_events: ['*'] }))).body;
    const raced = await insertOutboxEvent(d);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => d.call('POST', `/${theirs.id}/resend`, { event_id: raced })),
    );
    const accepted = answers.filter((answer) => answer.status === 202);
    expect(answers.every((answer) => answer.status === 202 || answer.status === 429)).to.equal(true);
    expect(accepted.filter((answer) => answer.body.outcome === 'created')).to.have.length(1);
    expect(new Set(accepted.map((answer) => answer.body.delivery_id)).size).to.equal(1);
    const [deliveries] = await sql('select count(*)::int as n from webhook_deliveries where event_id = ?', [raced]);
    expect(deliveries!.n).to.equal(1);
  });

  it('resend refuses an unknown, expired or unsubscribed event', async () => {
    const f = await managedBusiness('resend-refusals');
    const jobsOnly = (await f.call('POST', '', endpointBody({ enabled_events: ['job.created'] }))).body;
    const all = (await f.call('POST', '', endpointBody({ enabled_events: ['*'] }))).body;
    expectErrorMessage(
      await f.call('POST', `/${all.id}/resend`, { event_id: randomUUID() }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    const expired = await insertOutboxEvent(f, ago(31 * DAY_MS));
    expectErrorMessage(await f.call('POST', `/${all.id}/resend`, { event_id: expired }), 404, 'RESOURCE_NOT_FOUND');
    const customer = await insertOutboxEvent(f);
    const unsubscribed = await f.call('POST', `/${jobsOnly.id}/resend`, { event_id: customer });
    expectErrorMessage(unsubscribed, 409, 'CONFLICT');
    expect(unsubscribed.body.resolution).to.include('enabled_events');
    expectErrorMessage(await f.call('POST', `/${all.id}/resend`, { event_id: 'not-a-uuid' }), 400, 'VALIDATION_FAILED');
    expectErrorMessage(await f.call('POST', `/${all.id}/resend`, {}), 400, 'VALIDATION_FAILED');
  });

  it("another business's endpoint, delivery or event answers 404, and nothing of it changes", async () => {
    const failed = await insertDelivery(a, endpoint.id, { state: 'failed' });
    const event = await insertOutboxEvent(a);
    for (const [method, path, body] of [
      ['POST', `/${endpoint.id}/recover`, { since: ago(3_600_000) }],
      ['POST', `/${endpoint.id}/resend`, { event_id: failed.eventId }],
      ['GET', `/${endpoint.id}/deliveries/${failed.id}`],
      ['GET', `/${endpoint.id}/deliveries?state=failed`],
    ] as const)
      expectErrorMessage(await b.call(method, path, body), 404, 'RESOURCE_NOT_FOUND');
    const own = (await b.call('POST', '', endpointBody({ enabled_events: ['*'] }))).body;
    expectErrorMessage(await b.call('GET', `/${own.id}/deliveries/${failed.id}`), 404, 'RESOURCE_NOT_FOUND');
    expectErrorMessage(await b.call('POST', `/${own.id}/resend`, { event_id: event }), 404, 'RESOURCE_NOT_FOUND');
    expect((await b.call('GET', `/${own.id}/deliveries?event_id=${failed.eventId}`)).body.items).to.deep.equal([]);
    expect(await stateOf(failed.id)).to.equal('failed');
  });

  it('needs a token with webhooks:manage (401 without one, 403 with another scope)', async () => {
    const reader = await a.tokenWith(['workspace:read']);
    for (const [method, path, body] of [
      ['POST', `/${endpoint.id}/recover`, { since: ago(3_600_000) }],
      ['POST', `/${endpoint.id}/resend`, { event_id: randomUUID() }],
      ['GET', `/${endpoint.id}/deliveries/${randomUUID()}`],
    ] as const) {
      expectErrorMessage(await a.call(method, path, body, null), 401, 'UNAUTHORIZED');
      expectErrorMessage(await a.call(method, path, body, reader), 403, 'INSUFFICIENT_SCOPE');
    }
  });

  it('the log filters by state, event type and event; a list cuts long bodies, the single read shows them whole', async () => {
    const g = await managedBusiness('log');
    const own = (await g.call('POST', '', endpointBody({ enabled_events: ['*'] }))).body;
    const long = JSON.stringify({ note: 'x'.repeat(9000) });
    const failedJob = await insertDelivery(g, own.id, { state: 'failed', eventType: 'job.created', payload: long });
    const deliveredJob = await insertDelivery(g, own.id, { state: 'delivered', eventType: 'job.created' });
    const failedCustomer = await insertDelivery(g, own.id, { state: 'failed' });
    const headers = {
      'webhook-id': failedJob.eventId,
      'webhook-timestamp': '1700000000',
      'content-type': 'application/json',
    };
    await sql(
      `insert into webhook_attempts (id, delivery_id, business_id, duration_ms, response_status, request_headers)
       values (?, ?, ?, 12, 500, ?)`,
      [randomUUID(), failedJob.id, g.id, JSON.stringify(headers)],
    );
    const ids = async (query: string) =>
      ((await g.call('GET', `/${own.id}/deliveries?${query}`)).body.items as Json[]).map((item) => item.id).sort();

    expect(await ids('state=failed')).to.deep.equal([failedJob.id, failedCustomer.id].sort());
    expect(await ids('event_type=job.created')).to.deep.equal([failedJob.id, deliveredJob.id].sort());
    expect(await ids('state=failed&event_type=job.created')).to.deep.equal([failedJob.id]);
    expect(await ids(`event_id=${deliveredJob.eventId}`)).to.deep.equal([deliveredJob.id]);
    expect(await ids('state=pending')).to.deep.equal([]);

    const listed = (
      (await g.call('GET', `/${own.id}/deliveries?event_id=${failedJob.eventId}`)).body.items as Json[]
    )[0]!;
    expect(listed.request.body_truncated).to.equal(true);
    expect(listed.request.body).to.equal(long.slice(0, 8192));
    expect(listed.attempt_log[0]).to.deep.include({ request_headers: headers, response_status: 500 });
    const read = await g.call('GET', `/${own.id}/deliveries/${failedJob.id}`);
    expect(read.status, read.text).to.equal(200);
    expect(read.body).to.deep.include({
      id: failedJob.id,
      state: 'failed',
      request: { body: long, body_truncated: false },
    });
    expect(read.body.attempt_log[0].request_headers).to.deep.equal(headers);
    expectErrorMessage(await g.call('GET', `/${own.id}/deliveries/${randomUUID()}`), 404, 'RESOURCE_NOT_FOUND');

    for (const query of ['state=lost', 'event_type=customer.deleted', `event_type=${'x'.repeat(101)}`, 'event_id=12'])
      expectErrorMessage(await g.call('GET', `/${own.id}/deliveries?${query}`), 400, 'VALIDATION_FAILED');
  });
});
