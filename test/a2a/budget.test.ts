import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../core/config.ts';
import { randomClientAddress } from '../government/helpers.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startAdjustedApp, type TestApp } from '../helpers/test-service.ts';
import { send03, skillPart03, type Json } from './fixtures.ts';

/** The real app over the shared service's database with a A2A budget of `points` a minute, behind a trusted proxy. */
function startBudgetApp(points: number): Promise<TestApp> {
  return startAdjustedApp(service(), (config) => ({
    ...config,
    trustProxy: true,
    rateLimits: { ...config.rateLimits, agentRequests: { points, windowSeconds: 60 } },
  }));
}

describe('per-client budget of A2A requests', () => {
  let app: TestApp;
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
