import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createLogger } from '../../core/logger.ts';
import { listProcedures } from '../../core/procedures/introspection.ts';
import { internalApiRouter } from '../../core/routers/internal-api.ts';
import { thinEntityReads } from '../../core/services/webhooks/entity-url.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import {
  callerFor,
  eventually,
  insertBusiness,
  rows,
  startReceiver,
  workerServiceSuite,
  type Receiver,
} from './delivery-helpers.ts';

type Json = Record<string, any>;

describe('thin delivery (event_payload: "thin")', function () {
  this.timeout(60_000);
  const suite = workerServiceSuite('0s,50ms,50ms');

  async function receiver(secrets: () => string[]): Promise<Receiver> {
    const started = await startReceiver(secrets);
    suite.receivers.push(started);
    return started;
  }

  async function readToken(businessId: string): Promise<string> {
    const running = suite.service;
    const admin = systemCaller({
      orm: running.database.orm,
      services: running.services,
      config: running.config,
      log: createLogger('silent'),
    });
    const created = await admin.accounts.createApiToken({
      business: `wh-${businessId.slice(0, 8)}`,
      name: 'thin reader',
      scopes: ['workspace:read'],
    });
    return created.token;
  }

  it('sends a thin endpoint the envelope without data and with entity.url, a full one the data, from the same event', async () => {
    const secrets: Record<string, string> = {};
    const thin = await receiver(() => [secrets.thin!]);
    const full = await receiver(() => [secrets.full!]);
    const business = await insertBusiness(suite.service);
    const caller = callerFor(suite.service, business);
    secrets.thin = (
      await caller.webhooks.createWebhookEndpoint({ url: thin.url, enabled_events: ['*'], event_payload: 'thin' })
    ).secret;
    secrets.full = (await caller.webhooks.createWebhookEndpoint({ url: full.url, enabled_events: ['*'] })).secret;
    const customer = await caller.workspace.customers.createCustomer({ name: 'Thin Reader' });
    const job = await caller.workspace.jobs.createJob({ customer_id: customer.id, title: 'Thin job' });
    await eventually('both events at both endpoints', () => thin.received.length >= 2 && full.received.length >= 2);

    expect(thin.received.every((entry) => entry.verified)).to.equal(true);
    const thinBodies = thin.received.map((entry) => JSON.parse(entry.body) as Json);
    const fullBodies = full.received.map((entry) => JSON.parse(entry.body) as Json);
    const thinCustomer = thinBodies.find((body) => body.type === 'customer.created')!;
    const fullCustomer = fullBodies.find((body) => body.type === 'customer.created')!;
    expect(Object.keys(thinCustomer)).to.deep.equal([
      'id',
      'type',
      'created_at',
      'occurred_at',
      'business_id',
      'entity',
      'sequence',
      'test',
    ]);
    expect(fullCustomer.data).to.deep.include({ id: customer.id });
    const { data: _data, entity: fullEntity, ...fullRest } = fullCustomer;
    const { entity: thinEntity, ...thinRest } = thinCustomer;
    expect(thinRest).to.deep.equal(fullRest);
    expect(thinEntity).to.deep.equal({
      ...fullEntity,
      url: `${suite.service.config.siteUrl}/api/trpc/workspace.customers.getCustomer?input=${encodeURIComponent(JSON.stringify({ customer_id: customer.id }))}`,
    });
    const thinJob = thinBodies.find((body) => body.type === 'job.created')!;
    expect(thinJob.entity.url).to.contain('/api/trpc/workspace.jobs.getJob?input=').and.contain(job.id);

    // A holder of a workspace token fetches the object at the url; the same url with another business's token is not found.
    const token = await readToken(business);
    const fetched = await fetch(thinEntity.url, { headers: { authorization: `Bearer ${token}` } });
    expect(fetched.status).to.equal(200);
    expect(((await fetched.json()) as Json).result.data).to.deep.include({ id: customer.id, name: 'Thin Reader' });
    const other = await insertBusiness(suite.service);
    const stranger = await fetch(thinEntity.url, { headers: { authorization: `Bearer ${await readToken(other)}` } });
    expect(stranger.status).to.equal(404);

    // Stored once per style: the thin endpoint's deliveries hold the thin bytes, the full one's the data.
    const stored = await rows<{ payload: string }>(
      suite.service,
      'select payload from webhook_deliveries where event_id = ? order by payload',
      [thinCustomer.id],
    );
    expect(stored.map((row) => row.payload).sort()).to.deep.equal(
      [
        thin.received.find((entry) => entry.id === thinCustomer.id)!.body,
        full.received.find((entry) => entry.id === thinCustomer.id)!.body,
      ].sort(),
    );
  });

  it('points an event whose entity has no typed read at the event itself in the feed', async () => {
    let secret = '';
    const thin = await receiver(() => [secret]);
    const business = await insertBusiness(suite.service);
    const caller = callerFor(suite.service, business);
    secret = (
      await caller.webhooks.createWebhookEndpoint({ url: thin.url, enabled_events: ['*'], event_payload: 'thin' })
    ).secret;
    const eventId = randomUUID();
    await rows(
      suite.service,
      `insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload) values (?, ?, 'payment.settled', 'payment_received', ?, '{}'::jsonb)`,
      [eventId, business, randomUUID()],
    );
    await eventually('the delivery', () => thin.received.length >= 1);
    const body = JSON.parse(thin.received[0]!.body) as Json;
    expect(body).to.not.have.property('data');
    expect(body.entity.url).to.equal(`${suite.service.config.baseUrl}/v1/events/${eventId}`);
  });

  it('names only typed reads that /api/trpc serves and that take the id it passes', () => {
    const served = new Map(listProcedures(internalApiRouter).map((entry) => [entry.path, entry]));
    for (const read of Object.values(thinEntityReads)) {
      const entry = served.get(read.path);
      expect(entry, read.path).to.not.equal(undefined);
      expect(entry!.type, read.path).to.equal('query');
      const parsed = entry!.inputParser!.safeParse({
        [read.idInput]: randomUUID(),
      });
      expect(parsed.success, read.path).to.equal(true);
    }
  });
});
