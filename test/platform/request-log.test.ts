import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { service } from '../helpers/root-hooks.ts';
import { waitFor } from '../helpers/child-service.ts';

/** Sends one request with its own id and answers the service's log line for it. */
async function loggedLine(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const id = randomUUID();
  const headers = new Headers(init.headers);
  headers.set('X-Request-Id', id);
  const response = await fetch(`${service().url}${path}`, { redirect: 'manual', ...init, headers });
  await response.arrayBuffer();
  return waitFor(
    () => service().logs.find((line) => line.reqId === id && line.msg === 'request completed'),
    5_000,
    `the log line of ${path}`,
  );
}

describe('request log lines', () => {
  it('carry the query string with every credential-like value redacted', async () => {
    const secrets = ['c0de-value', 't0ken-value', 'st4te-value', 'secr3t-value', 'passw0rd-value', 'k3y-value'];
    const line = await loggedLine(
      `/api/v1/blog/posts?locale=en&code=${secrets[0]}&ACCESS_TOKEN=${secrets[1]}&state=${secrets[2]}` +
        `&client_secret=${secrets[3]}&pass%77ord=${secrets[4]}&api_key=${secrets[5]}&refresh_token`,
    );
    expect(line.query).to.equal(
      'locale=en&code=[redacted]&ACCESS_TOKEN=[redacted]&state=[redacted]&client_secret=[redacted]' +
        '&pass%77ord=[redacted]&api_key=[redacted]&refresh_token=[redacted]',
    );
    const text = JSON.stringify(line);
    for (const secret of secrets) expect(text, secret).not.to.include(secret);
  });

  it('cut a long query string and leave the field out when there is none', async () => {
    const long = await loggedLine(`/api/health?q=${'a'.repeat(5000)}`);
    expect(long.query).to.be.a('string');
    expect((long.query as string).length).to.be.at.most(1025);
    const none = await loggedLine('/api/health');
    expect(none).not.to.have.property('query');
  });

  it('carry the error code of an error answer, and none on a success', async () => {
    expect((await loggedLine('/api/no-such-route')).code).to.equal('ROUTE_NOT_FOUND');
    expect((await loggedLine('/api/health', { method: 'DELETE' })).code).to.equal('METHOD_NOT_ALLOWED');
    const ok = await loggedLine('/api/health');
    expect(ok.status).to.equal(200);
    expect(ok).not.to.have.property('code');
  });

  it('carry the JSON-RPC error code of MCP and the OAuth error of the token endpoint', async () => {
    const mcp = await loggedLine('/api/v1/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status).to.equal(401);
    expect(mcp.code).to.equal('UNAUTHORIZED');
    const token = await loggedLine('/api/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=a&password=b',
    });
    // No client authentication: RFC 6749's invalid_client, in the body as `error`.
    expect(token.status).to.equal(401);
    expect(token.code).to.equal('invalid_client');
  });

  it('carry the kind of principal the request presents', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['anonymous', {}],
      ['workspace_token', { Authorization: `Bearer fsa_ws_${'A'.repeat(43)}` }],
      ['oauth_access_token', { Authorization: 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.c2ln' }],
      ['oauth_client', { Authorization: `Basic ${Buffer.from('client:secret').toString('base64')}` }],
      ['payment', { 'PAYMENT-SIGNATURE': 'e30=' }],
      ['session', { Cookie: 'other=1; fsa_session=abc' }],
    ];
    for (const [kind, headers] of cases) {
      const line = await loggedLine('/api/v1/webhook-endpoints', { headers });
      expect(line.principal, kind).to.equal(kind);
      expect(JSON.stringify(line), kind).not.to.include('secret').and.not.to.include('c2ln');
    }
    // A refused credential is still named, and the line says it was refused.
    const refused = await loggedLine('/api/v1/webhook-endpoints', {
      headers: { Authorization: `Bearer fsa_ws_${'A'.repeat(43)}` },
    });
    expect(refused).to.include({ principal: 'workspace_token', status: 401, code: 'UNAUTHORIZED' });
  });
});
