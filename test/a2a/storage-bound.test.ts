import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { closeGracefully } from '../../adapters/http/graceful-close.ts';
import { ConfigError, loadConfig, withListeningPort } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { clientNetworkKey } from '../../core/services/rate-limit/client-address-key.ts';
import { createRateLimiter } from '../../core/services/rate-limit/rate-limiter.ts';
import { composeApp } from '../../scripts/compose/compose-app.ts';
import { composeServices } from '../../scripts/compose/compose-services.ts';
import { randomClientAddress } from '../government/helpers.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { LogSink } from '../helpers/log-sink.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { createCheckoutSession } from '../helpers/ucp-checkout.ts';
import { send03, skillPart03, type Json } from './fixtures.ts';

interface StorageApp {
  url: string;
  close(): Promise<void>;
}

/**
 * The real app over the shared database, behind a trusted proxy, with the agent storage bound set
 * low and counted in this app's memory: exact counts, whatever other suites spent in the shared table.
 */
async function startStorageApp(bound: { service: number; network: number }): Promise<StorageApp> {
  const shared = service();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const config = withListeningPort({ ...shared.config, siteUrlConfigured: false, trustProxy: true }, port);
  const services = composeServices({ database: shared.database, config });
  const memory = { kind: 'memory' } as const;
  const agentStorage = createRateLimiter({ name: 'agent-storage', points: bound.service, windowSeconds: 3600 }, memory);
  const agentStoragePerNetwork = createRateLimiter(
    { name: 'agent-storage-network', points: bound.network, windowSeconds: 3600 },
    memory,
  );
  const rateLimiters = { ...services.rateLimiters, agentStorage, agentStoragePerNetwork };
  const app = composeApp({
    config,
    database: shared.database,
    services: { ...services, rateLimiters },
    log: createLogger('silent', new LogSink()),
  });
  server.on('request', app.callback());
  return { url: `http://127.0.0.1:${port}`, close: () => closeGracefully(server, 1000) };
}

function poster(app: StorageApp) {
  return {
    a2a: (client: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<Json>> =>
      request<Json>(`${app.url}/api/v1/agent/a2a`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client, ...headers },
        body: JSON.stringify(body),
      }),
    checkout: (client: string, headers: Record<string, string> = {}): Promise<JsonResponse<Json>> =>
      createCheckoutSession<Json>({
        baseUrl: `${app.url}/api`,
        path: 'checkout',
        body: {},
        headers: { 'X-Forwarded-For': client, ...headers },
      }),
  };
}

const message = () => send03([skillPart03('explain-paid-reference', {})]);

/** A random /48 of the documentation prefix, as "2001:db8:xxxx". */
const random48 = () => `2001:db8:${randomInt(0, 0x10000).toString(16)}`;

describe('the agent storage bound: tasks and stored answers across clients (issue 27, finding 8)', function () {
  this.timeout(60_000);

  describe('across the service', () => {
    let app: StorageApp;
    before(async () => (app = await startStorageApp({ service: 3, network: 1000 })));
    after(() => app.close());

    it('beyond it, 503 STORAGE_LIMIT_REACHED with Retry-After for any client, before any work; reads still run', async () => {
      const post = poster(app);
      const stored = [
        await post.a2a(randomClientAddress(), message()),
        await post.checkout(randomClientAddress()),
        await post.a2a(
          randomClientAddress(),
          { jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: randomUUID() } },
          { 'Idempotency-Key': randomUUID() },
        ),
      ];
      expect(stored.map((answer) => answer.status)).to.deep.equal([200, 201, 200]);

      const refusedBody = message();
      const refused = await post.a2a(randomClientAddress(), refusedBody);
      expect(refused.status, refused.text).to.equal(503);
      expect(refused.body).to.include({
        code: 'STORAGE_LIMIT_REACHED',
        status: 503,
        jsonrpc: '2.0',
        id: refusedBody.id,
      });
      expect(refused.body.error.code).to.equal(-32051);
      expect(refused.body.resolution).to.be.a('string').and.not.empty;
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter >= 1 && retryAfter <= 3600, `Retry-After ${retryAfter}`).to.equal(true);
      expect(await tasksWithMessage(refusedBody.params.message.messageId), 'nothing stored').to.equal(0);

      const checkout = await post.checkout(randomClientAddress(), { 'Idempotency-Key': randomUUID() });
      expect(checkout.status, checkout.text).to.equal(503);
      expect(checkout.body).to.include({ code: 'STORAGE_LIMIT_REACHED', status: 503 });
      expect(Number(checkout.headers.get('retry-after'))).to.be.at.least(1);

      // A read without a key stores nothing: it is not bounded by storage.
      const read = await post.a2a(randomClientAddress(), {
        jsonrpc: '2.0',
        id: 2,
        method: 'tasks/get',
        params: { id: randomUUID() },
      });
      expect(read.status, read.text).to.equal(200);
      expect(read.body.error.code).to.equal(-32001);
    });
  });

  describe('per client network (IPv6 /48, IPv4 /24)', () => {
    let app: StorageApp;
    before(async () => (app = await startStorageApp({ service: 100_000, network: 2 })));
    after(() => app.close());

    it('many /64s of one /48 share one bound: 429 RATE_LIMITED naming the network; another /48 still stores', async () => {
      const post = poster(app);
      const network = random48();
      const addresses = [1, 2, 3].map((subnet) => `${network}:${subnet}::${randomInt(1, 0x10000).toString(16)}`);
      expect((await post.a2a(addresses[0]!, message())).status).to.equal(200);
      expect((await post.checkout(addresses[1]!)).status).to.equal(201);
      const refused = await post.a2a(addresses[2]!, message());
      expect(refused.status, refused.text).to.equal(429);
      expect(refused.body).to.include({ code: 'RATE_LIMITED', status: 429 });
      expect(refused.body.message).to.include(`${network}::/48`);
      expect(Number(refused.headers.get('retry-after'))).to.be.at.least(1);
      expect((await post.checkout(`${random48()}::1`)).status).to.equal(201);
    });

    it('IPv4 addresses of one /24 share one bound', async () => {
      const post = poster(app);
      const prefix = `198.${randomInt(18, 20)}.${randomInt(0, 256)}`;
      expect((await post.checkout(`${prefix}.1`)).status).to.equal(201);
      expect((await post.checkout(`${prefix}.2`)).status).to.equal(201);
      const refused = await post.checkout(`${prefix}.3`);
      expect(refused.status, refused.text).to.equal(429);
      expect(refused.body.message).to.include(`${prefix}.0/24`);
    });
  });

  it('groups addresses by network: IPv6 /48, IPv4 /24, IPv4-mapped as IPv4', () => {
    expect(clientNetworkKey('2001:db8:1:2:3:4:5:6')).to.equal('2001:db8:1::/48');
    expect(clientNetworkKey('[2001:db8:abcd::1]')).to.equal('2001:db8:abcd::/48');
    expect(clientNetworkKey('192.0.2.77')).to.equal('192.0.2.0/24');
    expect(clientNetworkKey('::ffff:192.0.2.77')).to.equal('192.0.2.0/24');
    expect(clientNetworkKey('not-an-address')).to.equal('not-an-address');
  });

  it('is configured by AGENT_STORAGE_PER_HOUR (20,000) and AGENT_STORAGE_PER_NETWORK_PER_HOUR (4,000), validated at start', () => {
    const { agentStorage, agentStoragePerNetwork } = loadConfig({}).rateLimits;
    expect(agentStorage).to.deep.equal({ points: 20_000, windowSeconds: 3600 });
    expect(agentStoragePerNetwork).to.deep.equal({ points: 4_000, windowSeconds: 3600 });
    for (const name of ['AGENT_STORAGE_PER_HOUR', 'AGENT_STORAGE_PER_NETWORK_PER_HOUR'])
      for (const value of ['0', '-1', 'many', '1.5'])
        expect(() => loadConfig({ [name]: value }), `${name}=${value}`).to.throw(ConfigError, name);
  });
});

/** Tasks whose first message is this one: what one request stored. */
async function tasksWithMessage(messageId: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `select count(*)::int as n from agent_tasks where (history::jsonb -> 0 ->> 'messageId') = ?`,
    [messageId],
  );
  return row!.n;
}
