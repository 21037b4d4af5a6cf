import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { createLogger } from '../../core/logger.ts';
import {
  newWebhookSecret,
  sealWebhookSecret,
  webhookSecretKeySource,
} from '../../core/services/webhooks/secret-box.ts';
import { startServiceProcess, waitFor, type ChildRun } from '../helpers/child-service.ts';
import { createIsolatedDatabase } from '../helpers/isolated-database.ts';
import { startReceiver, type Receiver } from './delivery-helpers.ts';

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

/** The key-encryption key the children and this test share (the test seals the endpoint's secret). */
const KEK = randomBytes(32);

/** `npm start` as a child process on `databaseUrl`, worker on; resolves once it listens. */
async function startInstance(
  databaseUrl: string,
  runs: ChildRun[],
  env: Record<string, string> = {},
): Promise<ChildRun> {
  const { run } = await startServiceProcess(
    {
      DATABASE_URL: databaseUrl,
      OAUTH_KEY_ENCRYPTION_KEY: KEK.toString('base64'),
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '0s,100ms,100ms,100ms,100ms,100ms',
      ...env,
    },
    runs,
  );
  return run;
}

/** A business, an endpoint for `url` subscribed to everything, and `count` outbox events in one transaction. */
async function burst(client: pg.Client, url: string, count: number): Promise<{ secret: string; businessId: string }> {
  const businessId = randomUUID();
  const endpointId = randomUUID();
  const secret = newWebhookSecret();
  const key = await webhookSecretKeySource(async () => KEK)(createLogger('silent'));
  await client.query('begin');
  await client.query('insert into businesses (id, slug, name, time_zone, currency) values ($1, $2, $3, $4, $5)', [
    businessId,
    `wh-${businessId.slice(0, 8)}`,
    'Webhook burst',
    'America/Chicago',
    'USD',
  ]);
  await client.query(
    'insert into webhook_endpoints (id, business_id, url, enabled_events, secret_ciphertext) values ($1, $2, $3, $4, $5)',
    [endpointId, businessId, url, '["*"]', sealWebhookSecret(key, endpointId, secret)],
  );
  await client.query(
    `insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload)
     select gen_random_uuid(), $1, 'customer.created', 'customer', gen_random_uuid(), jsonb_build_object('n', n)
       from generate_series(1, $2::int) n`,
    [businessId, count],
  );
  await client.query('commit');
  return { secret, businessId };
}

describeOnPostgres('webhook delivery across processes on one PostgreSQL', function () {
  this.timeout(240_000);
  const runs: ChildRun[] = [];
  const receivers: Receiver[] = [];
  let database: { url: string; drop: () => Promise<void> };
  let client: pg.Client;

  before(async () => {
    database = await createIsolatedDatabase(process.env.DATABASE_URL!);
    await startInstance(database.url, runs); // migrates the empty database
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });

  after(async () => {
    for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGTERM');
    await Promise.all(runs.map((run) => run.exited));
    await client?.end();
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await database?.drop();
  });

  it('two instances share the work and never make one attempt twice (one attempt per delivery, each id received once)', async () => {
    await startInstance(database.url, runs);
    let secret = '';
    const hook = await startReceiver(() => [secret]);
    receivers.push(hook);
    const made = await burst(client, hook.url, 200);
    secret = made.secret;
    await waitFor(
      () => (hook.received.length >= 200 ? true : undefined),
      120_000,
      `200 deliveries (got ${hook.received.length})`,
    );
    await new Promise((resolve) => setTimeout(resolve, 500)); // a duplicate, if any, would arrive now
    const ids = hook.received.map((entry) => entry.id);
    expect(new Set(ids).size).to.equal(200);
    expect(ids).to.have.length(200);
    expect(hook.received.every((entry) => entry.verified)).to.equal(true);
    const { rows } = await client.query<{ attempts: number; n: number }>(
      `select d.attempts, count(a.id)::int as n from webhook_deliveries d left join webhook_attempts a on a.delivery_id = d.id
        where d.business_id = $1 group by d.id, d.attempts`,
      [made.businessId],
    );
    expect(rows).to.have.length(200);
    expect(rows.every((row) => row.attempts === 1 && row.n === 1)).to.equal(true);
    for (const run of runs.splice(1)) {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  });

  it('kill -9 in the middle of a burst loses nothing: after a restart every event arrives (200 distinct webhook-ids)', async () => {
    let secret = '';
    const hook = await startReceiver(
      () => [secret],
      (_entry, res) => setTimeout(() => res.end(), 20),
    );
    receivers.push(hook);
    const made = await burst(client, hook.url, 200);
    secret = made.secret;
    await waitFor(() => (hook.received.length >= 50 ? true : undefined), 60_000, 'the first 50 deliveries');
    for (const run of runs) run.child.kill('SIGKILL');
    await Promise.all(runs.map((run) => run.exited));
    const before = new Set(hook.received.map((entry) => entry.id)).size;
    expect(before).to.be.lessThan(200);
    await startInstance(database.url, runs);
    // Rows leased by the killed process wait for their lease (attempt deadline + margin, 30 s) to expire.
    await waitFor(
      () => (new Set(hook.received.map((entry) => entry.id)).size >= 200 ? true : undefined),
      120_000,
      'every event after the restart',
    );
    expect(new Set(hook.received.map((entry) => entry.id)).size).to.equal(200);
    expect(hook.received.every((entry) => entry.verified)).to.equal(true);
  });

  it('an outbox commit of another process wakes an idle worker through the fsa_outbox notification, long before its poll', async () => {
    for (const run of runs.splice(0)) {
      run.child.kill('SIGTERM');
      await run.exited;
    }
    // The only worker polls once a minute: an event arriving within seconds was announced to it.
    await startInstance(database.url, runs, { WEBHOOK_POLL_MS: '60000' });
    await new Promise((resolve) => setTimeout(resolve, 1000)); // past its first pass, asleep until the poll
    let secret = '';
    const hook = await startReceiver(() => [secret]);
    receivers.push(hook);
    const made = await burst(client, hook.url, 3);
    secret = made.secret;
    await waitFor(
      () => (hook.received.length >= 3 ? true : undefined),
      20_000,
      `3 deliveries well before the 60 s poll (got ${hook.received.length})`,
    );
    expect(hook.received.every((entry) => entry.verified)).to.equal(true);
  });
});
