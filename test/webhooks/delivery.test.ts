import { expect } from 'chai';
import { createLogger } from '../../core/logger.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import {
  callerFor,
  eventually,
  insertBusiness,
  insertEndpoint,
  rows,
  workerServiceSuite,
  startReceiver,
  type Receiver,
} from './delivery-helpers.ts';

/** A compressed schedule: immediately, then six retries 50 ms apart. */
const SCHEDULE = '0s,50ms,50ms,50ms,50ms,50ms,50ms';

describe('webhook delivery (worker, signatures, retries)', function () {
  this.timeout(60_000);
  const suite = workerServiceSuite(SCHEDULE);
  const { receivers } = suite;

  async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
    const started = await startReceiver(...args);
    receivers.push(started);
    return started;
  }

  it('warns at start that WEBHOOK_ALLOW_PRIVATE_URLS is on', () => {
    const warning = suite.service.logs.find((line) => String(line.msg).startsWith('WEBHOOK_ALLOW_PRIVATE_URLS is on'));
    expect(warning?.level).to.equal(40);
  });

  it('delivers create-customer and create-job events, signed (standardwebhooks verifies), to the subscribed endpoints of their own business only', async () => {
    let secrets: Record<string, string> = {};
    const all = await receiver(() => [secrets.all!]);
    const jobsOnly = await receiver(() => [secrets.jobs!]);
    const other = await receiver(() => [secrets.other!]);
    const business = await insertBusiness(suite.service);
    const otherBusiness = await insertBusiness(suite.service);
    const a = await insertEndpoint(suite.service, business, all.url);
    const j = await insertEndpoint(suite.service, business, jobsOnly.url, { events: ['job.created'] });
    const o = await insertEndpoint(suite.service, otherBusiness, other.url);
    secrets = { all: a.secret, jobs: j.secret, other: o.secret };

    const caller = callerFor(suite.service, business);
    const customer = await caller.workspace.customers.createCustomer({ name: 'Ada Webhook' });
    const job = await caller.workspace.jobs.createJob({ customer_id: customer.id, title: 'Fix the sink' });
    await eventually('both events at the catch-all endpoint', () => all.received.length >= 2);
    await eventually('the job at the jobs-only endpoint', () => jobsOnly.received.length >= 1);

    expect(all.received.every((entry) => entry.verified)).to.equal(true);
    const bodies = all.received.map((entry) => JSON.parse(entry.body) as Record<string, unknown>);
    expect(bodies.map((body) => body.type).sort()).to.deep.equal(['customer.created', 'job.created']);
    const created = bodies.find((body) => body.type === 'customer.created')!;
    expect(created).to.include({ business_id: business });
    expect(created.data).to.deep.include({ id: customer.id, name: 'Ada Webhook' });
    expect(all.received.find((entry) => JSON.parse(entry.body).type === 'customer.created')!.id).to.equal(created.id);
    expect(jobsOnly.received.map((entry) => JSON.parse(entry.body).type)).to.deep.equal(['job.created']);
    expect((JSON.parse(jobsOnly.received[0]!.body) as { data: { id: string } }).data.id).to.equal(job.id);
    const headers = all.received[0]!.headers;
    expect(headers['content-type']).to.equal('application/json');
    expect(headers['user-agent']).to.match(/^field-service-api-webhooks\//);
    expect(headers['x-service-signature']).to.equal(headers['webhook-signature']);
    expect(other.received).to.have.length(0);
  });

  it('signs with the current and the previous secret while the previous has not expired', async () => {
    const previous = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    let current = '';
    const hook = await receiver(() => [current, previous]);
    const business = await insertBusiness(suite.service);
    current = (
      await insertEndpoint(suite.service, business, hook.url, {
        previousSecret: { secret: previous, expiresAt: new Date(Date.now() + 3_600_000) },
      })
    ).secret;
    await callerFor(suite.service, business).workspace.customers.createCustomer({ name: 'Rotating' });
    await eventually('the delivery', () => hook.received.length >= 1);
    expect(hook.received[0]!.verified).to.equal(true);
    expect(hook.received[0]!.headers['webhook-signature']!.split(' ')).to.have.length(2);
  });

  it('a receiver failing every other request still gets every event, once delivered each', async () => {
    let secret = '';
    let count = 0;
    const hook = await receiver(
      () => [secret],
      (_entry, res) => {
        count += 1;
        res.statusCode = count % 2 === 0 ? 500 : 200;
        res.end('ok');
      },
    );
    const business = await insertBusiness(suite.service);
    secret = (await insertEndpoint(suite.service, business, hook.url)).secret;
    const caller = callerFor(suite.service, business);
    const ids = [];
    for (let index = 0; index < 10; index += 1)
      ids.push((await caller.workspace.customers.createCustomer({ name: `C${index}` })).id);
    await eventually('every delivery delivered', async () => {
      const [row] = await rows<{ n: number }>(
        suite.service,
        "select count(*)::int as n from webhook_deliveries where business_id = ? and state = 'delivered'",
        [business],
      );
      return row!.n === 10;
    });
    const delivered = new Set(
      hook.received.map((entry) => (JSON.parse(entry.body) as { data: { id: string } }).data.id),
    );
    expect([...delivered].sort()).to.deep.equal(ids.sort());
    expect(hook.received.every((entry) => entry.verified)).to.equal(true);
  });

  it('410 Gone fails the delivery and disables the endpoint with the reason', async () => {
    const hook = await receiver(
      () => [],
      (_entry, res) => {
        res.statusCode = 410;
        res.end();
      },
    );
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, hook.url);
    await callerFor(suite.service, business).workspace.customers.createCustomer({ name: 'Gone' });
    await eventually('the endpoint disabled', async () => {
      const [row] = await rows<{ disabled: boolean }>(
        suite.service,
        'select disabled from webhook_endpoints where id = ?',
        [endpoint.id],
      );
      return row!.disabled;
    });
    const [row] = await rows<{ disabled_reason: string; state: string }>(
      suite.service,
      'select e.disabled_reason, d.state from webhook_endpoints e join webhook_deliveries d on d.endpoint_id = e.id where e.id = ?',
      [endpoint.id],
    );
    expect(row).to.deep.equal({ disabled_reason: 'The endpoint answered 410 Gone.', state: 'failed' });
  });

  it('429 with Retry-After waits as asked; a redirect is not followed (3xx is a failure)', async () => {
    let redirected = 0;
    const target = await receiver(
      () => [],
      (_entry, res) => {
        redirected += 1;
        res.end();
      },
    );
    const busy = await receiver(
      () => [],
      (_entry, res) => {
        res.statusCode = 429;
        res.setHeader('retry-after', '120');
        res.end();
      },
    );
    const moved = await receiver(
      () => [],
      (_entry, res) => {
        res.statusCode = 302;
        res.setHeader('location', target.url);
        res.end();
      },
    );
    const business = await insertBusiness(suite.service);
    const busyEndpoint = await insertEndpoint(suite.service, business, busy.url);
    const movedEndpoint = await insertEndpoint(suite.service, business, moved.url);
    await callerFor(suite.service, business).workspace.customers.createCustomer({ name: 'Busy' });
    await eventually('one attempt at the busy endpoint', () => busy.received.length >= 1);
    await eventually('the redirect recorded', async () => {
      const found = await rows(
        suite.service,
        'select 1 from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = ? and a.response_status = 302',
        [movedEndpoint.id],
      );
      return found.length > 0;
    });
    await eventually('the 429 attempt recorded', async () => {
      const found = await rows(
        suite.service,
        'select 1 from webhook_deliveries where endpoint_id = ? and last_status = 429',
        [busyEndpoint.id],
      );
      return found.length > 0;
    });
    const [waiting] = await rows<{ wait_s: number; attempts: number }>(
      suite.service,
      `select extract(epoch from d.next_attempt_at - a.attempted_at)::float as wait_s, d.attempts
         from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id where d.endpoint_id = ?`,
      [busyEndpoint.id],
    );
    expect(waiting!.attempts).to.equal(1);
    expect(waiting!.wait_s).to.be.closeTo(120, 1);
    expect(busy.received).to.have.length(1);
    expect(redirected).to.equal(0);
  });

  it('the sweep deletes deliveries (and their attempts) older than 30 days, and keeps newer ones', async () => {
    const hook = await receiver(() => []);
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, hook.url, { events: ['none.such'] });
    for (const [event, age] of [
      ['00000000-0000-4000-8000-000000000001', '31 days'],
      ['00000000-0000-4000-8000-000000000002', '29 days'],
    ]) {
      await rows(
        suite.service,
        `insert into webhook_deliveries (id, business_id, endpoint_id, event_id, event_type, payload, state, next_attempt_at, created_at)
         values (gen_random_uuid(), ?, ?, ?, 'customer.created', '{}', 'delivered', now(), now() - ?::interval)`,
        [business, endpoint.id, event, age],
      );
    }
    const caller = systemCaller({
      orm: suite.service.database.orm,
      services: suite.service.services,
      config: suite.service.config,
      log: createLogger('silent'),
    });
    expect((await caller.infrastructure.webhookDeliveries.sweepExpired({ limit: 1000 })).deleted).to.be.at.least(1);
    const left = await rows<{ event_id: string }>(
      suite.service,
      'select event_id from webhook_deliveries where endpoint_id = ?',
      [endpoint.id],
    );
    expect(left.map((row) => row.event_id)).to.deep.equal(['00000000-0000-4000-8000-000000000002']);
  });

  it('send-now (the test event) signs and sends at once through the same engine, and answers the outcome', async () => {
    let secret = '';
    const hook = await receiver(() => [secret]);
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, hook.url, { events: ['job.created'] });
    secret = endpoint.secret;
    const outcome = await callerFor(suite.service, business).webhooks.sendTestEvent({ id: endpoint.id });
    expect(outcome).to.deep.include({ state: 'delivered', attempts: 1, last_status: 204, last_error: null });
    expect(hook.received).to.have.length(1);
    expect(hook.received[0]!.verified).to.equal(true);
    expect(JSON.parse(hook.received[0]!.body)).to.deep.include({ type: 'webhook.test', business_id: business });
  });
});
