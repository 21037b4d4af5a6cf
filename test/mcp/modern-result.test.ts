import { expect } from 'chai';
import { rpcError, rpcResult } from '../../adapters/mcp/json-rpc.ts';
import { asModernReply } from '../../adapters/mcp/modern-result.ts';

/**
 * The 2026-07-28 form of a reply. An outage inside a tool call cannot be staged over the wire cheaply
 * (test/platform/database-outage.test.ts does it for the other transports), so the translation of
 * its error code is checked here on the function both the tool call and the endpoint's last resort use.
 */
describe('MCP 2026-07-28: the translation of replies', () => {
  it('adds resultType and the server to a result, keeping its _meta', () => {
    const reply = asModernReply(rpcResult(3, { tools: [], _meta: { catalogue_hash: 'sha256:x' } }));
    expect(reply.body).to.deep.equal({
      jsonrpc: '2.0',
      id: 3,
      result: {
        resultType: 'complete',
        tools: [],
        _meta: {
          catalogue_hash: 'sha256:x',
          'io.modelcontextprotocol/serverInfo': { name: 'field-service-api', title: 'Field Service', version: '1.0.0' },
        },
      },
    });
  });

  it('never emits a code of the range the revision reserves unless it defines it: an outage is -32603, data unchanged', () => {
    for (const code of ['DATABASE_UNAVAILABLE', 'SERVER_BUSY'] as const) {
      const before = rpcError(4, code, 'The database is unavailable.', { headers: { 'Retry-After': '5' } });
      expect(before.body).to.have.nested.property('error.code', -32050);
      const after = asModernReply(before);
      expect(after.status).to.equal(503);
      expect(after.headers).to.deep.equal({ 'Retry-After': '5' });
      expect(after.body).to.have.nested.property('error.code', -32603);
      expect(after.body).to.have.nested.property('error.data.code', code);
    }
  });

  it('keeps the codes the revision defines, the standard ones and the step-up error as they are', () => {
    for (const [code, jsonRpc] of [
      ['MCP_HEADER_MISMATCH', -32020],
      ['MCP_WRITE_SCOPE_REQUIRED', -32003],
      ['MCP_TOOL_NOT_FOUND', -32602],
      ['INTERNAL_ERROR', -32603],
    ] as const) {
      const reply = rpcError(5, code, 'x');
      expect(asModernReply(reply), code).to.deep.equal(reply);
      expect(reply.body).to.have.nested.property('error.code', jsonRpc);
    }
    const unsupported = rpcError(6, 'MCP_PROTOCOL_VERSION_UNSUPPORTED', 'x', { jsonRpc: -32022 });
    expect(asModernReply(unsupported)).to.deep.equal(unsupported);
  });
});
