import { extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import { expect } from 'chai';
import { accountsCaller } from '../accounts/fixtures.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { createTestBusiness } from '../helpers/workspace.ts';
import { mint, secondsAfter, type GrantFixture } from '../oauth/token-fixtures.ts';
import { expectRpcError, grantFor, mcpHeaders, mcpUrl, resourceMetadataUrl, rpc, type RpcBody } from './fixtures.ts';

const DEFAULT_SCOPE = 'mcp:read mcp:customers:write mcp:jobs:write';

describe('MCP endpoint: OAuth bearer authentication', () => {
  let grant: GrantFixture;
  let businessId: string;

  before(async () => {
    businessId = (await createTestBusiness()).id;
    grant = await grantFor(businessId, 'mcp:read');
  });

  const expectUnauthorized = async (
    token: string | undefined,
    presented: boolean,
    headers: Record<string, string> = {},
  ) => {
    const response = await rpc(token, 'tools/list', undefined, headers);
    const error = expectRpcError(response, 401, -32001, 'UNAUTHORIZED');
    expect(error.data.resource_metadata).to.equal(resourceMetadataUrl());
    const challenge = response.headers.get('www-authenticate');
    const invalid = presented ? 'error="invalid_token", ' : '';
    expect(challenge).to.equal(
      `Bearer ${invalid}resource_metadata="${resourceMetadataUrl()}", scope="${DEFAULT_SCOPE}"`,
    );
    return response;
  };

  it('without a token: 401 whose challenge names the resource metadata and the scope to ask for, as the SDK client reads it', async () => {
    const response = await expectUnauthorized(undefined, false);
    const params = extractWWWAuthenticateParams(
      new Response(null, { status: 401, headers: { 'www-authenticate': response.headers.get('www-authenticate')! } }),
    );
    expect(params.resourceMetadataUrl?.href).to.equal(resourceMetadataUrl());
    expect(params.scope).to.equal(DEFAULT_SCOPE);
    expect(params.error).to.equal(undefined);
  });

  it('the resource metadata the challenge points at names this endpoint and our authorization server', async () => {
    const metadata = await request<{ resource: string; authorization_servers: string[] }>(resourceMetadataUrl());
    expect(metadata.body.resource).to.equal(mcpUrl());
    expect(metadata.body.authorization_servers).to.deep.equal([service().config.siteUrl]);
  });

  it('another scheme or a malformed header counts as no token', async () => {
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b']) {
      const response = await request<RpcBody>(mcpUrl(), {
        method: 'POST',
        headers: { ...mcpHeaders(undefined), authorization },
        body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      });
      expect(response.status, authorization).to.equal(401);
      expect(response.headers.get('www-authenticate')).to.not.contain('error=');
    }
  });

  it('a token that is not ours, expired, for another audience or another issuer: 401 invalid_token', async () => {
    const expired = await mint(grant, { now: secondsAfter(new Date(), -7200) });
    const otherAudience = await mint(grant, { audience: `${service().config.baseUrl}/v1/other` });
    const otherIssuer = await mint(grant, { issuer: 'https://issuer.example' });
    for (const token of [
      'not-a-jwt',
      `${(await mint(grant)).token}x`,
      expired.token,
      otherAudience.token,
      otherIssuer.token,
    ]) {
      await expectUnauthorized(token, true);
    }
  });

  it("a token of a grant revoked behind the service's back stops working within 1 second: 401 invalid_token", async () => {
    const revocable = await grantFor(businessId, 'mcp:read');
    const { token } = await mint(revocable);
    expect((await rpc(token, 'ping')).status).to.equal(200);
    // Hand-written SQL: the service learns of it by notification (PostgreSQL) or by its grant-state
    // cache's 500 ms time-to-live (embedded), so it is polled against the documented bound, not at once.
    await sql('update oauth_grants set revoked_at = now() where id = ?', [revocable.grantId]);
    const deadline = Date.now() + 1000;
    for (;;) {
      const startedAt = Date.now();
      if ((await rpc(token, 'ping')).status === 401) break;
      if (startedAt > deadline) throw new Error('the revoked grant still worked after 1 second');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await expectUnauthorized(token, true);
  });

  it('refuses workspace API tokens: the MCP resource takes OAuth access tokens only', async () => {
    const apiToken = await accountsCaller().accounts.createApiToken({
      business: businessId,
      name: 'not for MCP',
      scopes: ['workspace:read', 'workspace:write'],
    });
    expect(apiToken.token).to.match(/^fsa_ws_/);
    await expectUnauthorized(apiToken.token, true);
  });

  it('every method needs the token, initialize and ping included', async () => {
    for (const method of ['initialize', 'ping', 'tools/call']) {
      const response = await rpc(undefined, method, { protocolVersion: '2025-11-25', name: 'list-tags' });
      expect(response.status, method).to.equal(401);
    }
    const notification = await request(mcpUrl(), {
      method: 'POST',
      headers: mcpHeaders(undefined),
      body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    });
    expect(notification.status).to.equal(401);
  });

  it('a valid token reaches the methods', async () => {
    const { token } = await mint(grant);
    const response = await rpc(token, 'ping');
    expect(response.status).to.equal(200);
    expect(response.body.result).to.deep.equal({});
  });
});
