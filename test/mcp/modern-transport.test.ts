import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../adapters/mcp/protocol-version.ts';
import { request } from '../helpers/http.ts';
import { countRows } from '../helpers/sql.ts';
import { expectOnlyOwnIds, seedWorkspace, toolCatalogue, type Workspace } from '../helpers/tenant-isolation.ts';
import { expectRpcError, mcpHeaders, mcpUrl, postRaw, resourceMetadataUrl, rpc, tokenFor } from './fixtures.ts';
import { MODERN, modernMeta, modernRpc } from './modern-fixtures.ts';

const base64 = (text: string) => `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;

/**
 * Revision 2026-07-28 over raw HTTP, beside 2025-11-25 on the same URL: no initialize and no
 * session, the revision and method mirrored into headers and checked against the body, `resultType`
 * on every result, and that revision's errors (HeaderMismatch -32020, UnsupportedProtocolVersion
 * -32022, a missing `_meta` field -32602 with HTTP 400, an unknown method 404).
 */
describe('MCP 2026-07-28: stateless requests, mirrored headers and the revision errors', function () {
  this.timeout(60_000);
  let workspace: Workspace;
  let reader: string;
  let writer: string;

  before(async () => {
    workspace = await seedWorkspace('mcp-modern');
    reader = await tokenFor(workspace.businessId, 'mcp:read');
    writer = await tokenFor(workspace.businessId, 'mcp:read mcp:write');
  });

  describe('methods, without initialize', () => {
    it('server/discover names every revision served, the tools capability, the instructions and the server', async () => {
      const response = await modernRpc(reader, 'server/discover');
      expect(response.status, response.text).to.equal(200);
      expect(response.headers.get('mcp-session-id'), 'no session').to.equal(null);
      const result = response.body.result!;
      expect(result.resultType).to.equal('complete');
      expect(result.supportedVersions).to.deep.equal(SUPPORTED_PROTOCOL_VERSIONS);
      expect(result.supportedVersions).to.include.members([MODERN, '2025-11-25']);
      expect(result.capabilities).to.deep.equal({ tools: { listChanged: false } });
      expect(result.instructions).to.be.a('string').and.contain('get-business-profile');
      expect(result).to.include({ ttlMs: 300_000, cacheScope: 'public' });
      expect(result._meta).to.deep.include({
        'io.modelcontextprotocol/serverInfo': { name: 'field-service-api', title: 'Field Service', version: '1.0.0' },
      });
    });

    it('tools/list is the same catalogue as in 2025-11-25 (same tools, revision and hash), with resultType and cache hints', async () => {
      const modern = await modernRpc(reader, 'tools/list');
      const legacy = await rpc(reader, 'tools/list');
      expect(modern.status, modern.text).to.equal(200);
      const result = modern.body.result!;
      expect(result).to.include({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'public' });
      expect(result.tools).to.deep.equal(legacy.body.result!.tools);
      expect((result.tools as Array<{ name: string }>).map((tool) => tool.name)).to.have.members(toolCatalogue);
      expect(result._meta).to.deep.include(legacy.body.result!._meta as Record<string, unknown>);
      expect(legacy.body.result, 'the initialize era is answered as before').to.not.have.any.keys(
        'resultType',
        'ttlMs',
      );
    });

    it('tools/call reads with structured content and resultType; a domain error is an isError result', async () => {
      const response = await modernRpc(reader, 'tools/call', { name: 'get-business-profile', arguments: {} });
      expect(response.status, response.text).to.equal(200);
      const result = response.body.result!;
      expect(result).to.include({ resultType: 'complete', isError: false });
      expect((result.structuredContent as { id: string }).id).to.equal(workspace.businessId);
      const missing = await modernRpc(reader, 'tools/call', {
        name: 'get-customer',
        arguments: { customer_id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(missing.body.result).to.include({ resultType: 'complete', isError: true });
    });

    it('a write without its scope is the same 403 step-up as in 2025-11-25, and writes nothing; with the scope it writes', async () => {
      const before = await countRows('customers', workspace.businessId);
      const email = `modern-${randomBytes(4).toString('hex')}@example.com`;
      const call = { name: 'create-customer', arguments: { name: 'Ada Modern', email } };
      const refused = await modernRpc(reader, 'tools/call', call);
      const error = expectRpcError(refused, 403, -32003, 'MCP_WRITE_SCOPE_REQUIRED');
      expect(error.data.required_scopes).to.deep.equal(['mcp:customers:write']);
      expect(refused.headers.get('www-authenticate')).to.equal(
        `Bearer error="insufficient_scope", scope="mcp:read mcp:customers:write", resource_metadata="${resourceMetadataUrl()}"`,
      );
      const legacy = await rpc(reader, 'tools/call', call);
      expect(legacy.status).to.equal(403);
      expect(legacy.headers.get('www-authenticate')).to.equal(refused.headers.get('www-authenticate'));
      expect(await countRows('customers', workspace.businessId)).to.equal(before);

      const written = await modernRpc(writer, 'tools/call', call);
      expect(written.status, written.text).to.equal(200);
      expect(written.body.result).to.include({ resultType: 'complete', isError: false });
      expect(await countRows('customers', workspace.businessId)).to.equal(before + 1);
    });

    it("a token reads its own business only: another business's customer is not found, its lists hold none", async () => {
      const other = await seedWorkspace('mcp-modern-other');
      const foreignCustomer = other.ids.get('customers')![0]!;
      const foreign = await modernRpc(reader, 'tools/call', {
        name: 'get-customer',
        arguments: { customer_id: foreignCustomer },
      });
      expect(foreign.body.result).to.include({ resultType: 'complete', isError: true });
      expect((foreign.body.result!.content as Array<{ text: string }>)[0]!.text).to.match(/^RESOURCE_NOT_FOUND: /);
      const list = await modernRpc(reader, 'tools/call', { name: 'list-customers', arguments: { limit: 100 } });
      expect(list.body.result).to.include({ isError: false });
      // The customer the write test above created is the caller's too, though not of the seed.
      const items = (list.body.result!.structuredContent as { items: Array<{ id: string }> }).items;
      const own = { ...workspace, all: new Set([...workspace.all, ...items.map((item) => item.id)]) };
      expect(items.filter((item) => other.all.has(item.id))).to.deep.equal([]);
      expectOnlyOwnIds(list.body.result!.structuredContent, own, other, 'list-customers');
    });

    it('without a token: the same 401 challenge as in 2025-11-25', async () => {
      const response = await modernRpc(undefined, 'server/discover');
      expectRpcError(response, 401, -32001, 'UNAUTHORIZED');
      expect(response.headers.get('www-authenticate')).to.contain(`resource_metadata="${resourceMetadataUrl()}"`);
    });

    it('initialize and ping do not exist in 2026-07-28: 404 with -32601, initialize naming the revisions served', async () => {
      const initialize = await modernRpc(reader, 'initialize', {
        protocolVersion: MODERN,
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      });
      const error = expectRpcError(initialize, 404, -32601, 'MCP_METHOD_NOT_FOUND');
      expect(error.message).to.contain('server/discover').and.contain('2025-11-25');
      expectRpcError(await modernRpc(reader, 'ping'), 404, -32601, 'MCP_METHOD_NOT_FOUND');
      expectRpcError(await modernRpc(reader, 'resources/list'), 404, -32601, 'MCP_METHOD_NOT_FOUND');
      // The same initialize without the 2026-07-28 headers and _meta is the initialize era, as before.
      const legacy = await rpc(
        reader,
        'initialize',
        { protocolVersion: MODERN, capabilities: {} },
        {
          'mcp-protocol-version': null,
        },
      );
      expect(legacy.body.result!.protocolVersion, 'initialize never negotiates the stateless revision').to.equal(
        '2025-11-25',
      );
    });

    it('ignores Mcp-Session-Id and mints none; notifications are 202', async () => {
      const response = await modernRpc(reader, 'tools/list', {}, { headers: { 'mcp-session-id': 'made-up' } });
      expect(response.status).to.equal(200);
      expect(response.headers.get('mcp-session-id')).to.equal(null);
      const notification = await postRaw(
        reader,
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { _meta: modernMeta() } }),
        { 'mcp-protocol-version': MODERN, 'mcp-method': 'notifications/cancelled' },
      );
      expect(notification.status).to.equal(202);
      expect(notification.text).to.equal('');
    });
  });

  describe('mirrored headers (HeaderMismatch: HTTP 400, -32020)', () => {
    const mismatch = async (
      method: string,
      params: Record<string, unknown>,
      headers: Record<string, string | null>,
      words: string,
    ) => {
      const response = await modernRpc(reader, method, params, { headers, id: 42 });
      const error = expectRpcError(response, 400, -32020, 'MCP_HEADER_MISMATCH');
      expect(response.body.id, 'the error answers the request').to.equal(42);
      expect(error.message)
        .to.match(/^Header mismatch: /)
        .and.contain(words);
      return error;
    };
    const call = { name: 'get-business-profile', arguments: {} };

    it('MCP-Protocol-Version missing, or naming another revision than the body', async () => {
      await mismatch('tools/list', {}, { 'mcp-protocol-version': null }, 'MCP-Protocol-Version header is missing');
      await mismatch('tools/list', {}, { 'mcp-protocol-version': '2025-11-25' }, 'MCP-Protocol-Version');
      // A body naming an initialize-era revision under a 2026-07-28 header disagrees too.
      const response = await modernRpc(reader, 'tools/list', {}, { meta: modernMeta('2025-11-25') });
      expectRpcError(response, 400, -32020, 'MCP_HEADER_MISMATCH');
    });

    it('Mcp-Method missing, another method, or another case (values are case-sensitive)', async () => {
      await mismatch('tools/list', {}, { 'mcp-method': null }, 'Mcp-Method header is missing');
      await mismatch('tools/call', call, { 'mcp-method': 'tools/list' }, '"tools/list"');
      await mismatch('tools/list', {}, { 'mcp-method': 'Tools/List' }, 'Mcp-Method');
    });

    it('Mcp-Name missing on tools/call, or naming another tool than params.name', async () => {
      await mismatch('tools/call', call, { 'mcp-name': null }, 'Mcp-Name header is missing');
      await mismatch('tools/call', call, { 'mcp-name': 'create-customer' }, '"create-customer"');
      await mismatch('tools/call', { arguments: {} }, { 'mcp-name': 'get-business-profile' }, 'none');
    });

    it('Mcp-Name in the Base64 sentinel is decoded before the comparison; a malformed sentinel is a mismatch', async () => {
      const ok = await modernRpc(reader, 'tools/call', call, { headers: { 'mcp-name': base64(call.name) } });
      expect(ok.status, ok.text).to.equal(200);
      expect(ok.body.result).to.include({ isError: false });
      // A name outside printable ASCII travels encoded; it passes the headers and is then an unknown tool.
      const name = 'outil-réservé';
      const unknown = await modernRpc(reader, 'tools/call', { name }, { headers: { 'mcp-name': base64(name) } });
      expectRpcError(unknown, 200, -32602, 'MCP_TOOL_NOT_FOUND');
      await mismatch('tools/call', call, { 'mcp-name': '=?base64?not base64?=' }, 'malformed');
      await mismatch('tools/call', call, { 'mcp-name': '=?base64?Z2V0?=' }, '"get"');
    });

    it('the first failing header is named, in the order version, method, name', async () => {
      await mismatch(
        'tools/call',
        call,
        { 'mcp-protocol-version': null, 'mcp-method': null, 'mcp-name': null },
        'MCP-Protocol-Version',
      );
      await mismatch('tools/call', call, { 'mcp-method': null, 'mcp-name': null }, 'Mcp-Method');
    });
  });

  describe('versions and _meta', () => {
    it('an unsupported revision is HTTP 400 with UnsupportedProtocolVersion (-32022) listing the supported ones', async () => {
      const both = await modernRpc(
        reader,
        'tools/list',
        {},
        {
          headers: { 'mcp-protocol-version': '2027-01-01' },
          meta: modernMeta('2027-01-01'),
        },
      );
      const error = expectRpcError(both, 400, -32022, 'MCP_PROTOCOL_VERSION_UNSUPPORTED');
      expect(error.data).to.deep.include({ supported: SUPPORTED_PROTOCOL_VERSIONS, requested: '2027-01-01' });
      // In the body only: the supported-version gate comes before the header comparison.
      const body = await modernRpc(reader, 'tools/list', {}, { meta: modernMeta('2027-01-01'), id: 9 });
      expect(expectRpcError(body, 400, -32022, 'MCP_PROTOCOL_VERSION_UNSUPPORTED').data.requested).to.equal(
        '2027-01-01',
      );
      expect(body.body.id).to.equal(9);
      // In the header: refused before the token is even read.
      const header = await modernRpc(
        undefined,
        'tools/list',
        {},
        { headers: { 'mcp-protocol-version': '2099-12-31' } },
      );
      expectRpcError(header, 400, -32022, 'MCP_PROTOCOL_VERSION_UNSUPPORTED');
    });

    it("a revision the initialize era never had, in the body, is refused in that era's words (-32600)", async () => {
      const response = await modernRpc(
        reader,
        'tools/list',
        {},
        {
          headers: { 'mcp-protocol-version': null },
          meta: modernMeta('2024-11-05'),
        },
      );
      const error = expectRpcError(response, 400, -32600, 'MCP_PROTOCOL_VERSION_UNSUPPORTED');
      expect(error.data.supported).to.deep.equal(SUPPORTED_PROTOCOL_VERSIONS);
    });

    it('a 2026-07-28 header without the _meta version, or without clientCapabilities, is -32602 with HTTP 400', async () => {
      const noMeta = await modernRpc(reader, 'tools/list', {}, { meta: null });
      expect(expectRpcError(noMeta, 400, -32602, 'MCP_INVALID_PARAMS').message).to.contain(
        'io.modelcontextprotocol/protocolVersion',
      );
      const numeric = await modernRpc(
        reader,
        'tools/list',
        {},
        {
          meta: { ...modernMeta(), 'io.modelcontextprotocol/protocolVersion': 20260728 },
        },
      );
      expectRpcError(numeric, 400, -32602, 'MCP_INVALID_PARAMS');
      const { ['io.modelcontextprotocol/clientCapabilities']: _capabilities, ...withoutCapabilities } = modernMeta();
      const noCapabilities = await modernRpc(reader, 'tools/list', {}, { meta: withoutCapabilities });
      expect(expectRpcError(noCapabilities, 400, -32602, 'MCP_INVALID_PARAMS').message).to.contain(
        'io.modelcontextprotocol/clientCapabilities',
      );
    });
  });

  describe('HTTP', () => {
    it('GET and DELETE are 405 with Allow: POST, as the revision asks of a server without streams or sessions', async () => {
      for (const method of ['GET', 'DELETE']) {
        const response = await request<{ error: { data: { code: string } } }>(mcpUrl(), {
          method,
          headers: mcpHeaders(reader, { 'mcp-protocol-version': MODERN, accept: 'text/event-stream' }),
        });
        expect(response.status, method).to.equal(405);
        expect(response.headers.get('allow')).to.equal('POST');
        expect(response.body.error.data.code).to.equal('METHOD_NOT_ALLOWED');
      }
    });

    it('a batch (an array) is refused whole: one request or notification per POST', async () => {
      const message = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta() } };
      const response = await postRaw(reader, JSON.stringify([message, { ...message, id: 2 }]), {
        'mcp-protocol-version': MODERN,
        'mcp-method': 'tools/list',
      });
      expectRpcError(response, 400, -32600, 'MCP_INVALID_REQUEST');
    });
  });
});
