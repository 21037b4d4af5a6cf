import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startAdjustedApp, type TestApp } from '../helpers/test-service.ts';
import { seedWorkspace } from '../helpers/tenant-isolation.ts';
import { callToolOk, rpc as mcpRpc, tokenFor } from '../mcp/fixtures.ts';
import { rpc as a2aRpc, send03, skillPart03 } from '../a2a/fixtures.ts';
import { parseExposition, samplesOf, valueOf, type Exposition } from './metrics-text.ts';
import { Secret } from '../../core/config.ts';
import { gaugeCache } from '../../adapters/metrics/gauge-cache.ts';
import { scrapeAccess, type ScrapeDecision, type ScrapeRequest } from '../../adapters/metrics/scrape-access.ts';
import { paidAppSuite } from '../payments/paid-app.ts';
import { paymentRequiredOf, signPayment } from '../payments/payer.ts';
import {
  callerFor,
  eventually,
  insertBusiness,
  insertEndpoint,
  startReceiver,
  workerServiceSuite,
} from '../webhooks/delivery-helpers.ts';

const TOKEN = randomBytes(32).toString('hex');

async function scrape(siteUrl: string, headers: Record<string, string> = {}): Promise<Exposition> {
  const response = await fetch(`${siteUrl}/api/metrics`, { headers });
  expect(response.status, await response.clone().text()).to.equal(200);
  expect(response.headers.get('content-type')).to.equal('text/plain; version=0.0.4; charset=utf-8');
  expect(response.headers.get('cache-control')).to.equal('no-store');
  return parseExposition(await response.text());
}

/** Every family GET /api/metrics promises, with its type. */
const FAMILIES: Record<string, string> = {
  fsa_requests_total: 'counter',
  fsa_request_duration_seconds: 'histogram',
  fsa_error_responses_total: 'counter',
  fsa_rate_limit_refusals_total: 'counter',
  fsa_db_pool_connections: 'gauge',
  fsa_db_pool_max_connections: 'gauge',
  fsa_db_pool_waiting_requests: 'gauge',
  fsa_db_pool_acquire_wait_seconds: 'histogram',
  fsa_webhook_queue_depth: 'gauge',
  fsa_webhook_oldest_undelivered_seconds: 'gauge',
  fsa_webhook_attempts_total: 'counter',
  fsa_payments_total: 'counter',
  fsa_a2a_tasks_stored: 'gauge',
  fsa_public_cache_hits_total: 'counter',
  fsa_public_cache_misses_total: 'counter',
  fsa_public_cache_evictions_total: 'counter',
  fsa_public_cache_bytes: 'gauge',
  fsa_public_cache_entries: 'gauge',
  nodejs_eventloop_lag_seconds: 'gauge',
  process_resident_memory_bytes: 'gauge',
};

describe('metrics: GET /api/metrics', function () {
  this.timeout(60_000);
  const unknownName = `zz-${randomUUID()}`;
  let metrics: Exposition;
  // The shared service answers other suites too: counts are compared with a scrape taken first.
  let baseline: Exposition;
  const grown = (name: string, labels: Record<string, string> = {}) =>
    valueOf(metrics, name, labels) - valueOf(baseline, name, labels);

  before(async () => {
    const { config } = service();
    const base = config.baseUrl;
    baseline = await scrape(config.siteUrl);
    // One of each: REST (a templated route), tRPC, an MCP tool, A2A methods, an OAuth endpoint, errors.
    expect((await request(`${base}/v1/directory/public/${unknownName}`)).status).to.equal(404);
    expect((await request(`${base}/v1/directory/public?per_page=1`)).status).to.equal(200);
    expect((await request(`${base}/trpc/health.getHealth`)).status).to.equal(200);
    expect((await request(`${base}/trpc/${unknownName}`)).status).to.equal(404);
    const workspace = await seedWorkspace('metrics');
    const token = await tokenFor(workspace.businessId, 'mcp:read');
    await callToolOk(token, 'get-business-profile');
    expect((await mcpRpc(token, 'tools/call', { name: unknownName, arguments: {} })).body.error?.data.code).to.equal(
      'MCP_TOOL_NOT_FOUND',
    );
    expect((await mcpRpc(token, unknownName)).body.error?.data.code).to.equal('MCP_METHOD_NOT_FOUND');
    const sent = await a2aRpc(send03([skillPart03('find-blog-posts', { per_page: 1 })]));
    expect(sent.status, sent.text).to.equal(200);
    const unknownMethod = await a2aRpc({ jsonrpc: '2.0', id: 1, method: unknownName, params: {} });
    expect(unknownMethod.body.error.data.code).to.equal('A2A_METHOD_NOT_FOUND');
    const oauth = await request(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password',
    });
    // No client_id: 401 invalid_client.
    expect(oauth.status).to.equal(401);
    expect((await request(`${config.siteUrl}/${unknownName}`)).status).to.equal(404);
    metrics = await scrape(config.siteUrl);
  });

  it('answers the Prometheus text format with every family, each of its promised type', () => {
    for (const [name, type] of Object.entries(FAMILIES)) expect(metrics.types.get(name), name).to.equal(type);
    expect(valueOf(metrics, 'nodejs_eventloop_lag_seconds')).to.be.at.least(0);
  });

  it('counts requests and times them by protocol and route template, never by raw path', () => {
    const rest = { protocol: 'rest', route: '/api/v1/directory/public' };
    expect(valueOf(metrics, 'fsa_requests_total', { ...rest, status: '200' })).to.be.at.least(1);
    expect(valueOf(metrics, 'fsa_request_duration_seconds_count', rest)).to.be.at.least(1);
    const templated = samplesOf(metrics, 'fsa_requests_total', { protocol: 'rest', status: '404' });
    expect(templated.map((sample) => sample.labels.route)).to.include('/api/v1/directory/public/:slug');
    const trpc = { protocol: 'trpc', route: '/api/trpc', operation: 'health.getHealth', status: '200' };
    expect(grown('fsa_requests_total', trpc)).to.equal(1);
    const oauth = { protocol: 'oauth', route: '/api/oauth/token', status: '401' };
    expect(grown('fsa_requests_total', oauth)).to.equal(1);
    expect(grown('fsa_requests_total', { protocol: 'http', route: '(unmatched)', status: '404' })).to.equal(1);
  });

  it('counts MCP tool calls by tool name and A2A requests by method', () => {
    const mcp = { protocol: 'mcp', route: '/api/v1/mcp' };
    expect(grown('fsa_requests_total', { ...mcp, operation: 'get-business-profile' })).to.equal(1);
    expect(grown('fsa_request_duration_seconds_count', { ...mcp, operation: 'get-business-profile' })).to.equal(1);
    const a2a = { protocol: 'a2a', route: '/api/v1/agent/a2a' };
    expect(grown('fsa_requests_total', { ...a2a, operation: 'message/send' })).to.equal(1);
  });

  it('counts error answers by catalogue code on every protocol, JSON-RPC errors included', () => {
    const codes: [string, string][] = [
      ['rest', 'RESOURCE_NOT_FOUND'],
      ['trpc', 'ROUTE_NOT_FOUND'],
      ['mcp', 'MCP_TOOL_NOT_FOUND'],
      ['mcp', 'MCP_METHOD_NOT_FOUND'],
      ['a2a', 'A2A_METHOD_NOT_FOUND'],
      ['oauth', 'OAUTH_INVALID_CLIENT'],
      ['http', 'ROUTE_NOT_FOUND'],
    ];
    const seen = samplesOf(metrics, 'fsa_error_responses_total').map((s) => `${s.labels.protocol} ${s.labels.code}`);
    for (const [protocol, code] of codes) expect(seen, `${protocol} ${code}`).to.include(`${protocol} ${code}`);
  });

  it('folds unknown tRPC procedures, MCP tools and methods, A2A methods and paths into fixed label values', () => {
    const values = metrics.samples.flatMap((sample) => Object.values(sample.labels));
    expect(values.filter((value) => value.includes(unknownName))).to.deep.equal([]);
    expect(grown('fsa_requests_total', { protocol: 'mcp', operation: '(unknown)' })).to.equal(2);
    expect(grown('fsa_requests_total', { protocol: 'a2a', operation: '(unknown)' })).to.equal(1);
    expect(grown('fsa_requests_total', { protocol: 'trpc', operation: '(unknown)' })).to.equal(1);
  });

  it('reports the database pool: its size, connections by state and the wait for one', () => {
    const { config, database } = service();
    const max = database.kind === 'embedded' ? 1 : config.database.poolMax;
    expect(valueOf(metrics, 'fsa_db_pool_max_connections')).to.equal(max);
    const states = samplesOf(metrics, 'fsa_db_pool_connections').map((sample) => sample.labels.state);
    expect(states).to.have.members(['used', 'free', 'pending_create']);
    expect(valueOf(metrics, 'fsa_db_pool_connections', { state: 'used' })).to.be.within(0, max);
    expect(valueOf(metrics, 'fsa_db_pool_waiting_requests')).to.be.at.least(0);
    expect(valueOf(metrics, 'fsa_db_pool_acquire_wait_seconds_count')).to.be.greaterThan(0);
  });

  it('reports the stored A2A tasks and the webhook queue from the database', () => {
    expect(valueOf(metrics, 'fsa_a2a_tasks_stored')).to.be.at.least(1);
    for (const stage of ['delivery', 'outbox'])
      expect(samplesOf(metrics, 'fsa_webhook_queue_depth', { stage }), stage).to.have.length(1);
    expect(valueOf(metrics, 'fsa_webhook_oldest_undelivered_seconds')).to.be.at.least(0);
  });

  it('is not in the OpenAPI document', async () => {
    const document = await request<{ paths: Record<string, unknown> }>(`${service().config.baseUrl}/openapi.json`);
    expect(document.status).to.equal(200);
    expect(Object.keys(document.body.paths).filter((path) => path.includes('metrics'))).to.deep.equal([]);
  });

  it('answers 50 concurrent scrapes with one read of the database gauges between them', async () => {
    // An app of its own: no scrape before these, so the gauges are read by one of the 50.
    const app = await startAdjustedApp(service(), (config) => config);
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(`${app.url}/api/metrics`)));
      expect(answers.map((answer) => answer.status)).to.deep.equal(answers.map(() => 200));
      await Promise.all(answers.map((answer) => answer.text()));
      // Each read of the gauges is two queries, each one pool acquisition; 50 reads would be 100.
      const acquired = valueOf(await scrape(app.url), 'fsa_db_pool_acquire_wait_seconds_count');
      expect(acquired).to.be.within(2, 4);
    } finally {
      await app.close();
    }
  });
});

describe('metrics: who may scrape', function () {
  this.timeout(30_000);
  const apps: TestApp[] = [];
  const appWith = async (metricsToken: string | undefined, trustProxy: boolean) => {
    const app = await startAdjustedApp(service(), (config) => ({
      ...config,
      trustProxy,
      metrics: { token: metricsToken === undefined ? undefined : new Secret(metricsToken) },
    }));
    apps.push(app);
    return app;
  };
  after(() => Promise.all(apps.map((app) => app.close())));

  it('answers a loopback peer without a token while TRUST_PROXY is off (GET and HEAD; 405 to other methods)', async () => {
    const app = await appWith(undefined, false);
    await scrape(app.url);
    expect((await fetch(`${app.url}/api/metrics`, { method: 'HEAD' })).status).to.equal(200);
    const post = await request<{ code: string }>(`${app.url}/api/metrics`, { method: 'POST' });
    expect(post.status).to.equal(405);
    expect(post.body.code).to.equal('METHOD_NOT_ALLOWED');
    expect(post.headers.get('allow')).to.equal('GET, HEAD');
  });

  it('hides itself (404 ROUTE_NOT_FOUND) from a loopback peer behind TRUST_PROXY, whatever X-Forwarded-For says', async () => {
    const app = await appWith(undefined, true);
    for (const forwarded of [undefined, '127.0.0.1'])
      for (const method of ['GET', 'POST', 'DELETE']) {
        const response = await request<{ code: string }>(`${app.url}/api/metrics`, {
          method,
          headers: forwarded ? { 'X-Forwarded-For': forwarded } : {},
        });
        expect(response.status, method).to.equal(404);
        expect(response.body.code).to.equal('ROUTE_NOT_FOUND');
        expect(response.headers.get('allow')).to.equal(null);
      }
  });

  it('with METRICS_TOKEN behind a proxy: the right bearer token scrapes, a wrong one is 401, none is 404', async () => {
    const app = await appWith(TOKEN, true);
    await scrape(app.url, { authorization: `Bearer ${TOKEN}` });
    const wrong = await request<{ code: string }>(`${app.url}/api/metrics`, {
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.status).to.equal(401);
    expect(wrong.body.code).to.equal('UNAUTHORIZED');
    expect(wrong.headers.get('www-authenticate')).to.equal('Bearer realm="metrics"');
    const none = await request(`${app.url}/api/metrics`);
    expect(none.status).to.equal(404);
  });

  it('refuses a wrong token even from loopback, so a misconfigured scraper learns it at once', async () => {
    const app = await appWith(TOKEN, false);
    const wrong = await request(`${app.url}/api/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).to.equal(401);
    await scrape(app.url);
  });
});

describe('metrics: scrape access decisions (peer addresses tests cannot connect from)', () => {
  const token = new Secret(TOKEN);
  const cases: [string, { token?: Secret<string>; trustProxy: boolean }, ScrapeRequest, ScrapeDecision][] = [
    ['a remote peer without a token', { trustProxy: false }, { bearer: undefined, peer: '203.0.113.7' }, 'hidden'],
    [
      'a remote peer with a token none is set for',
      { trustProxy: false },
      { bearer: TOKEN, peer: '203.0.113.7' },
      'hidden',
    ],
    [
      'a remote peer without the set token',
      { token, trustProxy: false },
      { bearer: undefined, peer: '2001:db8::1' },
      'hidden',
    ],
    [
      'a remote peer with a wrong token',
      { token, trustProxy: false },
      { bearer: 'x'.repeat(64), peer: '203.0.113.7' },
      'wrong-token',
    ],
    ['a remote peer with the token', { token, trustProxy: true }, { bearer: TOKEN, peer: '203.0.113.7' }, 'allowed'],
    [
      'a loopback peer (IPv4-mapped)',
      { trustProxy: false },
      { bearer: undefined, peer: '::ffff:127.0.0.1' },
      'allowed',
    ],
    ['a loopback peer (IPv6)', { trustProxy: false }, { bearer: undefined, peer: '::1' }, 'allowed'],
    ['a loopback peer behind TRUST_PROXY', { trustProxy: true }, { bearer: undefined, peer: '127.0.0.1' }, 'hidden'],
    ['a peer the socket no longer knows', { trustProxy: false }, { bearer: undefined, peer: undefined }, 'hidden'],
  ];
  for (const [what, options, scrapeRequest, decision] of cases)
    it(`${decision}: ${what}`, () => {
      expect(scrapeAccess({ token: options.token, trustProxy: options.trustProxy })(scrapeRequest)).to.equal(decision);
    });
});

describe('metrics: the database gauges are read once for concurrent scrapes', () => {
  it('runs one refresh for 50 concurrent scrapes, none within the window, and keeps going after a failure', async () => {
    let refreshes = 0;
    let release: () => void = () => {};
    const failures: unknown[] = [];
    const refresh = gaugeCache<number>({
      ttlMs: 60_000,
      refresh: () => {
        refreshes += 1;
        return new Promise<void>((resolve, reject) => {
          release = refreshes === 1 ? () => reject(new Error('database away')) : resolve;
        });
      },
      failed: (error) => failures.push(error),
    });
    const scrapes = Array.from({ length: 50 }, (_, index) => refresh(index));
    release();
    await Promise.all(scrapes);
    expect(refreshes).to.equal(1);
    expect(failures).to.have.length(1);
    await refresh(51);
    expect(refreshes).to.equal(1);
  });
});

describe('metrics: rate-limit refusals', function () {
  this.timeout(30_000);
  it('counts a refused request under its budget', async () => {
    const app = await startAdjustedApp(service(), (config) => ({
      ...config,
      rateLimits: { ...config.rateLimits, publicLists: { points: 1, windowSeconds: 60 } },
    }));
    try {
      // On PostgreSQL the budget is shared with the other apps of this run (one per client address):
      // earlier lists may have spent it already, so count what this app refused.
      const list = `${app.url}/api/v1/directory/public?per_page=1`;
      const statuses: number[] = [];
      for (let index = 0; index < 3; index += 1) statuses.push((await request(list)).status);
      const refused = statuses.filter((status) => status === 429).length;
      expect(refused).to.be.at.least(2);
      const metrics = await scrape(app.url);
      expect(valueOf(metrics, 'fsa_rate_limit_refusals_total', { budget: 'public-list' })).to.equal(refused);
      const limited = { protocol: 'rest', code: 'RATE_LIMITED' };
      expect(valueOf(metrics, 'fsa_error_responses_total', limited)).to.equal(refused);
    } finally {
      await app.close();
    }
  });
});

describe('metrics: webhook attempts and the queue', function () {
  this.timeout(60_000);
  // The first attempt at once, the retry an hour later: a failed attempt leaves its delivery pending.
  const suite = workerServiceSuite('0s,1h');

  it('counts attempts by outcome and shows the delivery waiting for its retry', async () => {
    const running = suite.service;
    const failing = await startReceiver(
      () => [],
      (_request, res) => {
        res.statusCode = 500;
        res.end();
      },
    );
    suite.receivers.push(failing);
    const business = await insertBusiness(running);
    await insertEndpoint(running, business, failing.url);
    await callerFor(running, business).workspace.customers.createCustomer({ name: 'Metrics Webhook' });
    await eventually('the failed attempt', () => failing.received.length >= 1);
    let metrics: Exposition | undefined;
    await eventually('the attempt counted', async () => {
      metrics = await scrape(running.url);
      return valueOf(metrics, 'fsa_webhook_attempts_total', { outcome: 'retrying' }) >= 1;
    });
    expect(valueOf(metrics!, 'fsa_webhook_attempts_total', { outcome: 'delivered' })).to.equal(0);
    expect(valueOf(metrics!, 'fsa_webhook_queue_depth', { stage: 'delivery' })).to.be.at.least(1);
    expect(valueOf(metrics!, 'fsa_webhook_oldest_undelivered_seconds')).to.be.greaterThan(0);
  });
});

describe('metrics: payments by outcome', function () {
  this.timeout(60_000);
  const paid = paidAppSuite();

  it('counts a settled payment once, also when the same payment is presented again', async () => {
    const { header } = await signPayment(paymentRequiredOf((await request(paid.app.endpoint)).headers));
    expect((await request(paid.app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } })).status).to.equal(200);
    // The same signed payment again is its stored answer (200), not a second settlement.
    expect((await request(paid.app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } })).status).to.equal(200);
    const metrics = await scrape(paid.app.url);
    expect(valueOf(metrics, 'fsa_payments_total', { outcome: 'settled' })).to.equal(1);
    expect(valueOf(metrics, 'fsa_payments_total', { outcome: 'settlement_pending' })).to.equal(0);
  });
});

describe('metrics: the pool probe', function () {
  this.timeout(30_000);
  it('adds no pool listeners for apps composed over the same database (tests compose dozens)', async () => {
    type Emitter = { listenerCount(event: string): number };
    const pool = (service().database.orm.em.getKnex().client as { pool: { emitter: Emitter } }).pool.emitter;
    const before = ['acquireRequest', 'acquireSuccess', 'acquireFail'].map((event) => pool.listenerCount(event));
    const apps = await Promise.all([1, 2, 3].map(() => startAdjustedApp(service(), (config) => config)));
    await Promise.all(apps.map((app) => app.close()));
    const after = ['acquireRequest', 'acquireSuccess', 'acquireFail'].map((event) => pool.listenerCount(event));
    expect(after).to.deep.equal(before);
  });
});
