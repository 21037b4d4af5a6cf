import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { expect } from 'chai';
import type { AppRouter } from '../../core/routers/_app.ts';
import { whoamiInternalRouter, whoamiRouter, type WhoamiRouter } from '../fixtures/whoami-router.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startTestApp, type TestApp } from '../helpers/test-service.ts';
import { mcpHeaders, mcpUrl, rpc, type RpcBody } from '../mcp/fixtures.ts';
import { createGrant, mint, type GrantFixture } from './token-fixtures.ts';

const INVALID_TOKEN = 'Bearer realm="field-service-api", error="invalid_token"';

/** The refusal of a bearer token by tRPC's endpoint: 401 invalid_token in tRPC's shape, with the ErrorMessage inside. */
async function expectRefused(call: Promise<unknown>, what: string): Promise<void> {
  let failure: unknown;
  await call.then(
    () => undefined,
    (error: unknown) => (failure = error),
  );
  expect(failure, what).to.be.instanceOf(TRPCClientError);
  const error = failure as TRPCClientError<WhoamiRouter>;
  expect(error.data?.httpStatus, what).to.equal(401);
  expect(error.data?.errorMessage, what).to.include({
    code: 'UNAUTHORIZED',
    message: 'The bearer token is invalid, expired or revoked.',
  });
}

describe('OAuth access tokens have one audience: the MCP resource', () => {
  let grant: GrantFixture;
  let token: string;

  before(async () => {
    grant = await createGrant('mcp:read mcp:jobs:write');
    token = (await mint(grant)).token; // the shared service's issuer and MCP resource: a valid token there
  });

  it('a valid access token works on the MCP resource', async () => {
    const response = await rpc(token, 'ping');
    expect(response.status, response.text).to.equal(200);
    expect(response.body.result).to.deep.equal({});
  });

  it('the same token is refused on /api/trpc with 401 invalid_token, on a real workspace procedure', async () => {
    const client = createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${service().url}/api/trpc`, headers: { authorization: `Bearer ${token}` } })],
    });
    await expectRefused(client.workspace.business.getBusinessProfile.query({}), 'getBusinessProfile');
    const response = await request(`${service().url}/api/trpc/workspace.business.getBusinessProfile?input=%7B%7D`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).to.equal(401);
    expect(response.headers.get('www-authenticate')).to.equal(INVALID_TOKEN);
  });
});

describe('OAuth access tokens over HTTP on an app with a probe procedure', () => {
  let app: TestApp;
  let grant: GrantFixture;
  /** Minted for the test app: its site URL is the issuer, its MCP endpoint the audience. */
  const mintForApp = () => mint(grant, { issuer: app.url, audience: `${app.url}/api/v1/mcp` });
  const whoami = (authorization: string) =>
    createTRPCClient<WhoamiRouter>({
      links: [httpLink({ url: `${app.url}/api/trpc`, headers: { authorization } })],
    }).authProbe.whoami.query();

  before(async () => {
    app = await startTestApp(service(), whoamiRouter, whoamiInternalRouter);
    grant = await createGrant('mcp:read mcp:jobs:write');
  });
  after(async () => app?.close());

  it("an access token for this app's MCP resource is an oauth principal there, with the grant's business and scopes", async () => {
    const { token } = await mintForApp();
    const response = await request<RpcBody>(`${app.url}/api/v1/mcp`, {
      method: 'POST',
      headers: mcpHeaders(token),
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } }),
    });
    expect(response.status, response.text).to.equal(200);
    expect((response.body.result as { structuredContent: unknown }).structuredContent).to.deep.equal({
      business_id: grant.businessId,
      principal_kind: 'oauth',
      scopes: ['mcp:read', 'mcp:jobs:write'],
    });
  });

  it('the same token is never a principal on /api/trpc: 401 invalid_token', async () => {
    const { token } = await mintForApp();
    await expectRefused(whoami(`Bearer ${token}`), 'whoami');
    const response = await request(`${app.url}/api/trpc/authProbe.whoami`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).to.equal(401);
    expect(response.headers.get('www-authenticate')).to.equal(INVALID_TOKEN);
  });

  it("names the app's own issuer in its discovery documents", async () => {
    const metadata = await request<{ issuer: string }>(`${app.url}/.well-known/oauth-authorization-server`);
    expect(metadata.body.issuer).to.equal(app.url);
    const resource = await request<{ resource: string }>(`${app.url}/.well-known/oauth-protected-resource`);
    expect(resource.body.resource).to.equal(`${app.url}/api/v1/mcp`);
  });

  it("the shared service's MCP resource is another audience: its tokens do not reach this app's MCP either", async () => {
    const { token } = await mint(grant);
    const response = await request<RpcBody>(`${app.url}/api/v1/mcp`, {
      method: 'POST',
      headers: mcpHeaders(token),
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(response.status).to.equal(401);
    expect((await rpc(token, 'ping')).status).to.equal(200);
    expect(mcpUrl()).to.not.equal(`${app.url}/api/v1/mcp`);
  });
});
