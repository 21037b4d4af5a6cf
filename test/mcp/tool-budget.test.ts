import { randomBytes, randomUUID } from 'node:crypto';
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../core/config.ts';
import type { Principal } from '../../core/context.ts';
import { createCaller } from '../../core/routers/_app.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { serviceContext } from '../helpers/workspace.ts';
import { countRows, sql } from '../helpers/sql.ts';
import { startAdjustedApp, type TestApp } from '../helpers/test-service.ts';
import { createGrant, mint, type GrantFixture } from '../oauth/token-fixtures.ts';
import { mcpHeaders, type RpcBody } from './fixtures.ts';
import { MODERN, modernMeta } from './modern-fixtures.ts';

const POLICY = '"mcp-tools"';

/**
 * The real app over the shared service's database with a tool-call budget of `points` per
 * `windowSeconds`, answering for the shared service's MCP resource (same SITE_URL), so the shared
 * service's tokens are for it.
 */
function startBudgetApp(points: number, windowSeconds = 60): Promise<TestApp> {
  return startAdjustedApp(service(), (config) => ({
    ...config,
    siteUrl: service().config.siteUrl,
    baseUrl: service().config.baseUrl,
    siteUrlConfigured: true,
    rateLimits: { ...config.rateLimits, mcpToolCalls: { points, windowSeconds } },
  }));
}

/** A second grant of the same client, user and business (what a second consent records): another agent connection. */
async function sameClientGrant(grant: GrantFixture): Promise<GrantFixture> {
  const grantId = randomUUID();
  await sql(
    'insert into oauth_grants (id, client_id, user_id, business_id, scope, resource) values (?, ?, ?, ?, ?, ?)',
    [grantId, grant.clientId, grant.userId, grant.businessId, grant.scope, `${service().config.baseUrl}/v1/mcp`],
  );
  return { ...grant, grantId };
}

const tokenOf = async (grant: GrantFixture): Promise<string> => (await mint(grant)).token;

let nextId = 1;

/** One request of the 2025-11-25 era to the app's MCP endpoint. */
function legacy(app: TestApp, token: string, method: string, params?: Record<string, unknown>) {
  return request<RpcBody>(`${app.url}/api/v1/mcp`, {
    method: 'POST',
    headers: mcpHeaders(token),
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, ...(params ? { params } : {}) }),
  });
}

/** One request of the 2026-07-28 era (its `_meta` and mirrored headers). */
function modern(app: TestApp, token: string, method: string, params: Record<string, unknown> = {}) {
  const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  return request<RpcBody>(`${app.url}/api/v1/mcp`, {
    method: 'POST',
    headers: mcpHeaders(token, { 'mcp-protocol-version': MODERN, 'mcp-method': method, ...name }),
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta: modernMeta() } }),
  });
}

const profile = { name: 'get-business-profile', arguments: {} };

function expectAllowed(response: JsonResponse<RpcBody>, points: number, remaining: number): void {
  expect(response.status, response.text).to.equal(200);
  expect(response.body.result?.isError, response.text).to.equal(false);
  expect(response.headers.get('ratelimit-policy')).to.equal(`${POLICY};q=${points};w=60`);
  expect(response.headers.get('ratelimit')).to.match(new RegExp(`^${POLICY};r=${remaining};t=(59|60)$`));
  expect(response.headers.get('retry-after')).to.equal(null);
}

/** The refusal: 429, a JSON-RPC error whose data is the RATE_LIMITED ErrorMessage, and the three headers. */
function expectRefused(response: JsonResponse<RpcBody>, points: number, rpcCode: number): void {
  expect(response.status, response.text).to.equal(429);
  expect(response.headers.get('content-type')).to.match(/^application\/json/);
  expect(response.headers.get('cache-control')).to.equal('no-store');
  expect(response.body.result).to.equal(undefined);
  const error = response.body.error!;
  expect(error.code, response.text).to.equal(rpcCode);
  expect(error.message).to.contain(`${points} per 60 seconds`);
  expect(Object.keys(error.data).sort()).to.deep.equal(['code', 'message', 'resolution', 'status']);
  expect(error.data).to.include({ code: 'RATE_LIMITED', status: 429, message: error.message });
  expect(error.data.resolution).to.be.a('string').and.contain('Retry-After');
  const retryAfter = response.headers.get('retry-after');
  expect(retryAfter).to.match(/^\d+$/);
  expect(Number(retryAfter)).to.be.within(1, 60);
  expect(response.headers.get('ratelimit-policy')).to.equal(`${POLICY};q=${points};w=60`);
  expect(response.headers.get('ratelimit')).to.equal(`${POLICY};r=0;t=${retryAfter}`);
}

describe('MCP tool calls: the per-grant budget (MCP_TOOL_RATE_LIMIT_PER_MINUTE)', function () {
  this.timeout(60_000);

  describe('a budget of 3 a minute', () => {
    let app: TestApp;
    before(async () => (app = await startBudgetApp(3)));
    after(() => app.close());

    it('announces the budget on each tool call, answers 429 RATE_LIMITED beyond it in both eras, and counts neither tools/list, initialize nor server/discover', async () => {
      const grant = await createGrant();
      const token = await tokenOf(grant);
      // Not counted: more of them than the budget.
      for (let i = 0; i < 4; i += 1) {
        const list = await legacy(app, token, 'tools/list');
        expect(list.status, list.text).to.equal(200);
        expect(list.headers.get('ratelimit')).to.equal(null);
        expect((await modern(app, token, 'tools/list')).status).to.equal(200);
      }
      const init = await legacy(app, token, 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'budget-test', version: '1' },
      });
      expect(init.status, init.text).to.equal(200);
      expect((await modern(app, token, 'server/discover')).status).to.equal(200);

      expectAllowed(await legacy(app, token, 'tools/call', profile), 3, 2);
      expectAllowed(await modern(app, token, 'tools/call', profile), 3, 1);
      expectAllowed(await legacy(app, token, 'tools/call', profile), 3, 0);

      // 2025-11-25: the catalogue's JSON-RPC code of RATE_LIMITED.
      expectRefused(await legacy(app, token, 'tools/call', profile), 3, -32029);
      // 2026-07-28 reserves -32020..-32099 and defines only -32020 and -32022: -32603, data.code naming the cause.
      const refused = await modern(app, token, 'tools/call', profile);
      expectRefused(refused, 3, -32603);
      expect(refused.body.error!.data.code).to.equal('RATE_LIMITED');

      // Still not counted, still answered.
      expect((await legacy(app, token, 'tools/list')).status).to.equal(200);
    });

    it('leaves another grant of the same client, user and business its own budget', async () => {
      const first = await createGrant();
      const firstToken = await tokenOf(first);
      for (let i = 0; i < 3; i += 1)
        expect((await legacy(app, firstToken, 'tools/call', profile)).status).to.equal(200);
      expectRefused(await legacy(app, firstToken, 'tools/call', profile), 3, -32029);

      const second = await sameClientGrant(first);
      const secondToken = await tokenOf(second);
      expectAllowed(await legacy(app, secondToken, 'tools/call', profile), 3, 2);
      // A new token of the first grant (a refresh) does not reset the first grant's budget.
      expectRefused(await legacy(app, await tokenOf(first), 'tools/call', profile), 3, -32029);
    });

    it('does not count a call refused before its tool runs (unknown tool, invalid arguments)', async () => {
      const token = await tokenOf(await createGrant());
      for (let i = 0; i < 4; i += 1) {
        const unknown = await legacy(app, token, 'tools/call', { name: 'no-such-tool', arguments: {} });
        expect(unknown.body.error?.code, unknown.text).to.equal(-32602);
        const invalid = await legacy(app, token, 'tools/call', { name: 'get-customer', arguments: { id: 7 } });
        expect(invalid.body.error?.code, invalid.text).to.equal(-32602);
      }
      expectAllowed(await legacy(app, token, 'tools/call', profile), 3, 2);
    });

    it("does not count a call refused for its scope: the budget is the tenant procedure's, after the scope check", async () => {
      const token = await tokenOf(await createGrant('mcp:read'));
      for (let i = 0; i < 4; i += 1) {
        const write = await legacy(app, token, 'tools/call', {
          name: 'create-customer',
          arguments: { name: 'Refused', email: 'refused@example.com' },
        });
        expect(write.status, write.text).to.equal(403);
        expect(write.headers.get('ratelimit')).to.equal(null);
      }
      expectAllowed(await legacy(app, token, 'tools/call', profile), 3, 2);
    });

    it('surfaces the 429 as an HTTP error of the official clients (SDK 1.x and client 2.x), without retrying', async () => {
      const token = await tokenOf(await createGrant());
      const posts: number[] = [];
      const counting = async (url: string | URL | Request, init?: RequestInit) => {
        if (init?.method === 'POST') posts.push(1);
        return fetch(url, init);
      };
      const url = new URL(`${app.url}/api/v1/mcp`);
      const requestInit = { headers: { authorization: `Bearer ${token}` } };
      const sdk = new Client({ name: 'budget-sdk', version: '1.0.0' });
      await sdk.connect(new StreamableHTTPClientTransport(url, { requestInit, fetch: counting }));
      const client2 = new Client2({ name: 'budget-client2', version: '2.0.0' });
      await client2.connect(new Transport2(url, { requestInit, fetch: counting }));
      try {
        for (let i = 0; i < 3; i += 1) expect((await sdk.callTool(profile)).isError).to.equal(false);
        const before = posts.length;
        const sdkFailure = await sdk.callTool(profile).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(sdkFailure).to.be.instanceOf(StreamableHTTPError);
        expect((sdkFailure as StreamableHTTPError).code).to.equal(429);
        expect((sdkFailure as Error).message).to.contain('RATE_LIMITED');
        const client2Failure = await client2.callTool(profile).then(
          () => undefined,
          (error: unknown) => error as Error & { status?: number },
        );
        expect(client2Failure, 'client 2.x rejects').to.be.instanceOf(Error);
        expect(client2Failure!.message).to.contain('RATE_LIMITED');
        // One POST each: neither client retried or re-authorized.
        expect(posts.length - before).to.equal(2);
      } finally {
        await sdk.close();
        await client2.close();
      }
    });
  });

  describe('50 calls at once against a budget of 10', () => {
    let app: TestApp;
    before(async () => (app = await startBudgetApp(10)));
    after(() => app.close());

    it('runs exactly 10 procedures: the point is reserved before the tool runs', async () => {
      const grant = await createGrant();
      const token = await tokenOf(grant);
      const tag = randomBytes(4).toString('hex');
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          legacy(app, token, 'tools/call', {
            name: 'create-customer',
            arguments: { name: `Budget ${tag} ${i}`, email: `budget-${tag}-${i}@example.com` },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).to.have.length(10);
      expect(statuses.filter((status) => status === 429)).to.have.length(40);
      for (const answer of answers.filter((candidate) => candidate.status === 200))
        expect(answer.body.result?.isError, answer.text).to.equal(false);
      expect(await countRows('customers', grant.businessId)).to.equal(10);
    });
  });

  describe('after the window', () => {
    let app: TestApp;
    // A one-second window: the limiter takes no injectable clock (rate-limiter-flexible reads the time itself).
    before(async () => (app = await startBudgetApp(2, 1)));
    after(() => app.close());

    it('serves the grant again once Retry-After has passed', async () => {
      const token = await tokenOf(await createGrant());
      expect((await legacy(app, token, 'tools/call', profile)).status).to.equal(200);
      expect((await legacy(app, token, 'tools/call', profile)).status).to.equal(200);
      const refused = await legacy(app, token, 'tools/call', profile);
      expect(refused.status, refused.text).to.equal(429);
      expect(refused.headers.get('retry-after')).to.equal('1');
      let again = refused;
      for (let attempt = 0; attempt < 20 && again.status === 429; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        again = await legacy(app, token, 'tools/call', profile);
      }
      expect(again.status, again.text).to.equal(200);
      expect(again.headers.get('ratelimit')).to.equal(`${POLICY};r=1;t=1`);
    });
  });

  it('counts OAuth grants only: a workspace API token calling the same procedure spends no tool-call budget', async () => {
    const grant = await createGrant();
    const call = async (principal: Principal) => {
      const context = serviceContext({ principal });
      await createCaller(context).workspace.business.getBusinessProfile({});
      return context.response.headers;
    };
    const apiToken = await call({
      kind: 'api_token',
      businessId: grant.businessId,
      tokenId: randomUUID(),
      scopes: ['workspace:read'],
    });
    expect(apiToken.RateLimit).to.equal(undefined);
    const oauth = await call({
      kind: 'oauth',
      businessId: grant.businessId,
      userId: grant.userId,
      clientId: grant.clientId,
      grantId: grant.grantId,
      tokenId: randomUUID(),
      scopes: ['mcp:read'],
    });
    expect(oauth['RateLimit-Policy']).to.match(/^"mcp-tools";q=\d+;w=60$/);
  });

  it('is configured by MCP_TOOL_RATE_LIMIT_PER_MINUTE (default 600 a minute), validated at start', () => {
    expect(loadConfig({}).rateLimits.mcpToolCalls).to.deep.equal({ points: 600, windowSeconds: 60 });
    expect(loadConfig({ MCP_TOOL_RATE_LIMIT_PER_MINUTE: '50' }).rateLimits.mcpToolCalls.points).to.equal(50);
    for (const value of ['0', '-1', 'many', '1.5', '1000001'])
      expect(() => loadConfig({ MCP_TOOL_RATE_LIMIT_PER_MINUTE: value }), value).to.throw(
        ConfigError,
        'MCP_TOOL_RATE_LIMIT_PER_MINUTE',
      );
  });
});
