import { expect } from 'chai';
import { checkOrigin } from '../../adapters/mcp/transport-checks.ts';
import { loadConfig } from '../../core/config.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { createTestBusiness } from '../helpers/workspace.ts';
import { expectRpcError, LATEST, mcpHeaders, mcpUrl, postRaw, rpc, tokenFor } from './fixtures.ts';

describe('MCP endpoint: Streamable HTTP and JSON-RPC', () => {
  let token: string;

  before(async () => {
    const business = await createTestBusiness();
    token = await tokenFor(business.id, 'mcp:read');
  });

  describe('lifecycle', () => {
    it('initialize answers the negotiated revision, tool capabilities without change notifications, who we are and instructions', async () => {
      const response = await rpc(
        token,
        'initialize',
        { protocolVersion: LATEST, capabilities: {}, clientInfo: { name: 'test', version: '1' } },
        { 'mcp-protocol-version': null },
      );
      expect(response.status, response.text).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^application\/json/);
      expect(response.headers.get('mcp-session-id'), 'stateless: no session').to.equal(null);
      const result = response.body.result!;
      expect(result.protocolVersion).to.equal(LATEST);
      expect(result.capabilities).to.deep.equal({ tools: { listChanged: false } });
      expect(result.serverInfo).to.deep.equal({ name: 'field-service-api', title: 'Field Service', version: '1.0.0' });
      expect(result.instructions)
        .to.be.a('string')
        .and.to.contain('get-business-profile')
        .and.to.contain('mcp:customers:write');
      expect(result._meta).to.have.keys('catalogue_revision', 'catalogue_hash');
    });

    it('initialize answers an older supported revision as asked, and the latest for one it does not know', async () => {
      const older = await rpc(token, 'initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      });
      expect(older.body.result!.protocolVersion).to.equal('2025-06-18');
      const future = await rpc(token, 'initialize', {
        protocolVersion: '2099-01-01',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      });
      expect(future.body.result!.protocolVersion).to.equal(LATEST);
    });

    it('initialize without a protocolVersion is -32602', async () => {
      const error = expectRpcError(
        await rpc(token, 'initialize', { capabilities: {} }),
        200,
        -32602,
        'MCP_INVALID_PARAMS',
      );
      expect(error.message).to.contain('protocolVersion');
    });

    it('notifications/initialized (and any notification or response) is 202 with no body', async () => {
      for (const body of [
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
        { jsonrpc: '2.0', id: 7, result: {} },
      ]) {
        const response = await postRaw(token, JSON.stringify(body));
        expect(response.status, JSON.stringify(body)).to.equal(202);
        expect(response.text).to.equal('');
        expect(response.headers.get('content-type')).to.equal(null);
      }
    });

    it('ping answers an empty result with the request id', async () => {
      const response = await postRaw(token, JSON.stringify({ jsonrpc: '2.0', id: 'ping-1', method: 'ping' }));
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({ jsonrpc: '2.0', id: 'ping-1', result: {} });
    });
  });

  describe('HTTP', () => {
    it('GET and DELETE are 405 with Allow: POST (no event stream, no sessions)', async () => {
      for (const method of ['GET', 'DELETE', 'PUT']) {
        const response = await request<{ error: { data: { code: string } } }>(mcpUrl(), {
          method,
          headers: mcpHeaders(token, { accept: 'text/event-stream' }),
        });
        expect(response.status, method).to.equal(405);
        expect(response.headers.get('allow')).to.equal('POST');
        expect(response.body.error.data.code).to.equal('METHOD_NOT_ALLOWED');
      }
    });

    it('an Accept that excludes application/json is 406', async () => {
      for (const accept of ['text/html', 'text/event-stream', 'application/json;q=0, text/event-stream']) {
        expectRpcError(await rpc(token, 'ping', undefined, { accept }), 406, -32600, 'NOT_ACCEPTABLE');
      }
    });

    it('accepts application/json alone, wildcards, and no Accept at all', async () => {
      for (const accept of ['application/json', '*/*', 'application/*;q=0.5']) {
        expect((await rpc(token, 'ping', undefined, { accept })).status, accept).to.equal(200);
      }
      const response = await request(mcpUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
      expect(response.status).to.equal(200);
    });

    it('a body that is not application/json is 415', async () => {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
        expectRpcError(
          await rpc(token, 'ping', undefined, { 'content-type': contentType }),
          415,
          -32600,
          'UNSUPPORTED_MEDIA_TYPE',
        );
      }
      expect(
        (await rpc(token, 'ping', undefined, { 'content-type': 'application/json; charset=utf-8' })).status,
      ).to.equal(200);
    });

    it('an unsupported, malformed or empty MCP-Protocol-Version is 400; supported ones and none pass', async () => {
      for (const version of ['2024-11-05', '1900-01-01', 'not-a-version', '']) {
        const error = expectRpcError(
          await rpc(token, 'ping', undefined, { 'mcp-protocol-version': version }),
          400,
          -32600,
          'MCP_PROTOCOL_VERSION_UNSUPPORTED',
        );
        expect(error.message).to.contain('2025-11-25');
      }
      for (const version of ['2025-11-25', '2025-06-18', '2025-03-26', null]) {
        expect(
          (await rpc(token, 'ping', undefined, { 'mcp-protocol-version': version })).status,
          String(version),
        ).to.equal(200);
      }
    });

    it("a foreign Origin is 403 (DNS rebinding); the site's own origin passes", async () => {
      for (const origin of ['http://evil.example', 'null', `${service().config.siteUrl}.evil.example`]) {
        expectRpcError(await rpc(token, 'ping', undefined, { origin }), 403, -32003, 'MCP_ORIGIN_NOT_ALLOWED');
      }
      expect((await rpc(token, 'ping', undefined, { origin: service().config.siteUrl })).status).to.equal(200);
    });

    it('in development (no SITE_URL), a page served from this machine passes: the MCP Inspector in direct mode, with a browser preflight', async () => {
      expect(service().config.siteUrlConfigured).to.equal(false);
      for (const origin of [
        'http://localhost:6274',
        'http://127.0.0.1:6274',
        'http://[::1]:6274',
        'https://localhost',
      ]) {
        expect((await rpc(token, 'ping', undefined, { origin })).status, origin).to.equal(200);
      }
      const preflight = await request(mcpUrl(), {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:6274',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
        },
      });
      expect(preflight.status).to.equal(204);
      expect(preflight.headers.get('access-control-allow-headers')).to.include('mcp-protocol-version');
      for (const origin of [
        'http://localhost.evil.example:6274',
        'http://127.0.0.2:6274',
        'http://localhost:6274/path',
      ]) {
        expectRpcError(await rpc(token, 'ping', undefined, { origin }), 403, -32003, 'MCP_ORIGIN_NOT_ALLOWED');
      }
    });

    it('with SITE_URL, only the site and the origins of MCP_ALLOWED_ORIGINS pass', () => {
      const config = loadConfig({
        SITE_URL: 'https://api.example.com',
        MCP_ALLOWED_ORIGINS: 'http://localhost:6274, https://inspector.example.com',
      });
      expect(config.mcpAllowedOrigins).to.deep.equal(['http://localhost:6274', 'https://inspector.example.com']);
      const policy = { allowed: config.mcpAllowedOrigins, loopbackPages: !config.siteUrlConfigured };
      const check = (origin: string) =>
        checkOrigin(
          { method: 'POST', header: (name) => (name === 'origin' ? origin : undefined) },
          config.siteUrl,
          policy,
        );
      for (const origin of ['https://api.example.com', 'http://localhost:6274', 'https://inspector.example.com'])
        expect(check(origin), origin).to.equal(undefined);
      for (const origin of ['http://127.0.0.1:6274', 'http://localhost:6275', 'https://evil.example'])
        expect(check(origin)?.body, origin).to.nested.include({ 'error.data.code': 'MCP_ORIGIN_NOT_ALLOWED' });
      expect(() => loadConfig({ MCP_ALLOWED_ORIGINS: 'https://inspector.example.com/path' })).to.throw(
        /MCP_ALLOWED_ORIGINS/,
      );
    });

    it('a foreign Origin is refused before the token is looked at', async () => {
      expectRpcError(
        await rpc(undefined, 'ping', undefined, { origin: 'http://evil.example' }),
        403,
        -32003,
        'MCP_ORIGIN_NOT_ALLOWED',
      );
    });

    it('a body over the limit is 413', async () => {
      const big = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'ping',
        params: { pad: 'x'.repeat(service().config.maxBodyBytes) },
      });
      expectRpcError(await postRaw(token, big), 413, -32600, 'PAYLOAD_TOO_LARGE');
    });
  });

  describe('JSON-RPC envelope', () => {
    it('bad JSON is -32700 with HTTP 400', async () => {
      for (const body of ['{"jsonrpc": "2.0", "id": 1,', 'not json', '']) {
        const response = await postRaw(token, body);
        const error = expectRpcError(response, 400, -32700, 'MALFORMED_JSON');
        expect(response.body.id).to.equal(null);
        expect(error.message).to.match(/^Parse error/);
      }
    });

    it('valid JSON that is not a message is -32600 with HTTP 400', async () => {
      for (const body of [
        '42',
        '"ping"',
        'null',
        '{"id":1,"method":"ping"}',
        '{"jsonrpc":"1.0","id":1,"method":"ping"}',
        '{"jsonrpc":"2.0","id":1}',
        '{"jsonrpc":"2.0","id":1,"method":5}',
        '{"jsonrpc":"2.0","id":1,"method":"ping","params":[1]}',
        '{"jsonrpc":"2.0","id":null,"method":"ping"}',
        '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}',
      ]) {
        expectRpcError(await postRaw(token, body), 400, -32600, 'MCP_INVALID_REQUEST');
      }
    });

    it('keeps the request id in an envelope error when it could read one', async () => {
      const response = await postRaw(token, '{"jsonrpc":"1.0","id":"abc","method":"ping"}');
      expect(response.body.id).to.equal('abc');
    });

    it('refuses a batch as a whole, executing nothing', async () => {
      const batch = JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ]);
      const error = expectRpcError(await postRaw(token, batch), 400, -32600, 'MCP_INVALID_REQUEST');
      expect(error.message).to.contain('batch');
    });

    it('an unknown method is -32601, answered with HTTP 200 and the request id', async () => {
      for (const method of ['resources/list', 'prompts/list', 'toString', '__proto__', 'tools/unknown']) {
        const response = await rpc(token, method);
        const error = expectRpcError(response, 200, -32601, 'MCP_METHOD_NOT_FOUND');
        expect(response.body.id).to.be.a('number');
        expect(error.message).to.contain(method);
      }
    });

    it('tools/list with a cursor it never issued is -32602', async () => {
      expectRpcError(await rpc(token, 'tools/list', { cursor: 'abc' }), 200, -32602, 'MCP_INVALID_PARAMS');
    });

    it('tools/call without a tool name, or with arguments that are not an object, is -32602', async () => {
      expectRpcError(await rpc(token, 'tools/call', {}), 200, -32602, 'MCP_INVALID_PARAMS');
      expectRpcError(
        await rpc(token, 'tools/call', { name: 'list-tags', arguments: [1] }),
        200,
        -32602,
        'MCP_INVALID_PARAMS',
      );
      expectRpcError(await rpc(token, 'tools/call', { name: 5 }), 200, -32602, 'MCP_INVALID_PARAMS');
    });
  });
});
