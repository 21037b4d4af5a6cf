import { randomBytes } from 'node:crypto';
import { extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import { expect } from 'chai';
import { countRows } from '../helpers/sql.ts';
import { seedWorkspace, type Workspace } from '../helpers/tenant-isolation.ts';
import { callTool, expectRpcError, resourceMetadataUrl, rpc, tokenFor } from './fixtures.ts';

const email = () => `scope-${randomBytes(4).toString('hex')}@example.com`;

describe('MCP scopes and step-up', function () {
  this.timeout(60_000);
  let workspace: Workspace;
  let customerId: string;
  const writes = () => ({
    'create-customer': { name: 'Scoped', email: email() },
    'create-job': { customer_id: customerId, title: 'Scoped job' },
  });
  const written = async () => [
    await countRows('customers', workspace.businessId),
    await countRows('jobs', workspace.businessId),
    await countRows('outbox_events', workspace.businessId),
  ];

  before(async () => {
    workspace = await seedWorkspace('mcp-scopes');
    customerId = workspace.ids.get('customers')![0]!;
  });

  /** Calls a write that must be refused for lack of scope; answers the parsed challenge. */
  async function expectStepUp(
    token: string,
    tool: 'create-customer' | 'create-job',
    required: string,
    challengeScope: string,
  ) {
    const before = await written();
    const response = await rpc(token, 'tools/call', { name: tool, arguments: writes()[tool] });
    const error = expectRpcError(response, 403, -32003, 'MCP_WRITE_SCOPE_REQUIRED');
    expect(response.body.id, 'the error answers the request').to.be.a('number');
    expect(error.data).to.include({ resource_metadata: resourceMetadataUrl(), status: 403 });
    expect(error.data.required_scopes).to.deep.equal([required]);
    const header = response.headers.get('www-authenticate')!;
    expect(header).to.equal(
      `Bearer error="insufficient_scope", scope="${challengeScope}", resource_metadata="${resourceMetadataUrl()}"`,
    );
    // As the official client reads it before starting its step-up authorization.
    const params = extractWWWAuthenticateParams(
      new Response(null, { status: 403, headers: { 'www-authenticate': header } }),
    );
    expect(params).to.deep.include({ error: 'insufficient_scope', scope: challengeScope });
    expect(params.resourceMetadataUrl?.href).to.equal(resourceMetadataUrl());
    expect(await written(), 'nothing is written on a refused call').to.deep.equal(before);
  }

  it('mcp:read reads, and each write answers 403 naming its own scope, with the granted scopes in the challenge', async () => {
    const token = await tokenFor(workspace.businessId, 'mcp:read');
    expect((await callTool(token, 'list-customers')).isError).to.equal(false);
    await expectStepUp(token, 'create-customer', 'mcp:customers:write', 'mcp:read mcp:customers:write');
    await expectStepUp(token, 'create-job', 'mcp:jobs:write', 'mcp:read mcp:jobs:write');
  });

  it('mcp:use, the legacy read scope, reads and cannot write', async () => {
    const token = await tokenFor(workspace.businessId, 'mcp:use');
    expect((await callTool(token, 'get-business-profile')).isError).to.equal(false);
    await expectStepUp(token, 'create-customer', 'mcp:customers:write', 'mcp:use mcp:customers:write');
  });

  it('a granular write scope grants its own tool only', async () => {
    const jobs = await tokenFor(workspace.businessId, 'mcp:read mcp:jobs:write');
    expect((await callTool(jobs, 'create-job', writes()['create-job'])).isError).to.equal(false);
    await expectStepUp(jobs, 'create-customer', 'mcp:customers:write', 'mcp:read mcp:jobs:write mcp:customers:write');

    const customers = await tokenFor(workspace.businessId, 'mcp:read mcp:customers:write');
    expect((await callTool(customers, 'create-customer', writes()['create-customer'])).isError).to.equal(false);
    await expectStepUp(customers, 'create-job', 'mcp:jobs:write', 'mcp:read mcp:customers:write mcp:jobs:write');
  });

  it('mcp:write grants both writes', async () => {
    const token = await tokenFor(workspace.businessId, 'mcp:read mcp:write');
    for (const [tool, args] of Object.entries(writes())) {
      const result = await callTool(token, tool, args);
      expect(result.isError, `${tool}: ${result.content[0]!.text}`).to.equal(false);
    }
  });

  it('a token with write scopes but no read scope is refused reads with 403 insufficient_scope naming mcp:read', async () => {
    const token = await tokenFor(workspace.businessId, 'mcp:customers:write');
    expect((await callTool(token, 'create-customer', writes()['create-customer'])).isError).to.equal(false);
    const response = await rpc(token, 'tools/call', { name: 'list-customers', arguments: {} });
    const error = expectRpcError(response, 403, -32003, 'INSUFFICIENT_SCOPE');
    expect(error.data.required_scopes).to.deep.equal(['mcp:read']);
    expect(response.headers.get('www-authenticate')).to.contain('scope="mcp:customers:write mcp:read"');
  });

  it('tools/list, initialize and ping need no particular scope', async () => {
    const token = await tokenFor(workspace.businessId, 'mcp:jobs:write');
    expect((await rpc(token, 'tools/list')).status).to.equal(200);
    expect((await rpc(token, 'ping')).status).to.equal(200);
  });
});
