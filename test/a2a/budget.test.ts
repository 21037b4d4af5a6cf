import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { closeGracefully } from '../../adapters/http/graceful-close.ts';
import { ConfigError, loadConfig, withListeningPort } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { composeApp } from '../../scripts/compose/compose-app.ts';
import { randomClientAddress } from '../government/helpers.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { LogSink } from '../helpers/log-sink.ts';
import { service } from '../helpers/root-hooks.ts';
import { send03, skillPart03, type Json } from './fixtures.ts';

/** The real app over the shared service's database with an A2A budget of `points` a minute, behind a trusted proxy. */
async function startBudgetApp(points: number): Promise<{ url: string; close(): Promise<void> }> {
  const shared = service();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const config = withListeningPort(
    {
      ...shared.config,
      siteUrlConfigured: false,
      trustProxy: true,
      rateLimits: { ...shared.config.rateLimits, agentRequests: { points, windowSeconds: 60 } },
    },
    (server.address() as AddressInfo).port,
  );
  const app = composeApp({ config, database: shared.database, log: createLogger('silent', new LogSink()) });
  server.on('request', app.callback());
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => closeGracefully(server, 1000),
  };
}

describe('per-client budget of A2A requests', () => {
  let app: Awaited<ReturnType<typeof startBudgetApp>>;
  before(async () => (app = await startBudgetApp(2)));
  after(() => app.close());

  const post = (client: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<Json>> =>
    request<Json>(`${app.url}/api/v1/agent/a2a`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client, ...headers },
      body: JSON.stringify(body),
    });

  it('announces the budget, and beyond it refuses with 429 RATE_LIMITED and Retry-After before any work', async () => {
    const client = randomClientAddress();
    const answers = [
      await post(client, send03([skillPart03('explain-paid-reference', {})])),
      await post(client, { jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { id: randomUUID() } }),
    ];
    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200]);
    answers.forEach((answer, index) => {
      expect(answer.headers.get('ratelimit-policy')).to.equal('"a2a";q=2;w=60');
      expect(answer.headers.get('ratelimit')).to.match(new RegExp(`^"a2a";r=${1 - index};t=(59|60)$`));
    });

    const key = randomUUID();
    const refusedBody = send03([skillPart03('explain-paid-reference', {})]);
    const refused = await post(client, refusedBody, { 'Idempotency-Key': key });
    expect(refused.status, refused.text).to.equal(429);
    expect(refused.body).to.include({ code: 'RATE_LIMITED', status: 429, jsonrpc: '2.0', id: refusedBody.id });
    expect(refused.body.error.code).to.equal(-32029);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`).to.equal(true);
    expect(refused.headers.get('cache-control')).to.equal('no-store');

    // The refusal claimed nothing: another client may run the same request under the same key.
    const other = await post(randomClientAddress(), refusedBody, { 'Idempotency-Key': key });
    expect(other.status, other.text).to.equal(200);
    expect(other.headers.get('idempotency-replayed')).to.equal(null);
  });

  it('is configured by A2A_RATE_LIMIT_PER_MINUTE (default 120 a minute), validated at start', () => {
    expect(loadConfig({}).rateLimits.agentRequests).to.deep.equal({ points: 120, windowSeconds: 60 });
    for (const value of ['0', '-1', 'many', '1.5'])
      expect(() => loadConfig({ A2A_RATE_LIMIT_PER_MINUTE: value }), value).to.throw(
        ConfigError,
        'A2A_RATE_LIMIT_PER_MINUTE',
      );
  });
});
