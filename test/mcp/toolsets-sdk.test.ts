import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from '@modelcontextprotocol/client';
import { Client as Client1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as Transport1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { expect } from 'chai';
import { countRows } from '../helpers/sql.ts';
import { toolCatalogue } from '../helpers/tenant-isolation.ts';
import { createTestBusiness } from '../helpers/workspace.ts';
import { mcpUrl, tokenFor } from './fixtures.ts';
import { adminJourney } from './headless-oauth-provider.ts';
import { MODERN } from './modern-fixtures.ts';

interface Connected {
  listTools(): Promise<{ tools: Array<{ name: string }>; _meta?: Record<string, unknown> }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

/** A client of either SDK on a view, by URL path and/or X-MCP-* headers, with a bearer token. */
type Connect = (path: string, headers: Record<string, string>, token: string) => Promise<Connected>;

const sdks: Array<{ label: string; connect: Connect }> = [
  {
    label: 'SDK 1.x (2025-11-25)',
    connect: async (path, headers, token) => {
      const client = new Client1({ name: 'toolsets-1x', version: '1.0.0' });
      const requestInit = { headers: { ...headers, authorization: `Bearer ${token}` } };
      await client.connect(new Transport1(new URL(`${mcpUrl()}${path}`), { requestInit }));
      return client as unknown as Connected;
    },
  },
  {
    label: `client 2.x (${MODERN})`,
    connect: async (path, headers, token) => {
      const client = new Client2(
        { name: 'toolsets-2x', version: '2.0.0' },
        { versionNegotiation: { mode: { pin: MODERN } } },
      );
      const requestInit = { headers: { ...headers, authorization: `Bearer ${token}` } };
      await client.connect(new Transport2(new URL(`${mcpUrl()}${path}`), { requestInit }));
      expect(client.getNegotiatedProtocolVersion()).to.equal(MODERN);
      return client as unknown as Connected;
    },
  },
];

describe('MCP toolsets with the official SDKs', function () {
  this.timeout(60_000);
  let token: string;
  let businessId: string;
  before(async () => {
    businessId = (await createTestBusiness()).id;
    token = await tokenFor(businessId, 'mcp:read mcp:customers:write mcp:jobs:write');
  });

  for (const { label, connect } of sdks) {
    it(`${label}: the whole catalogue by default, a toolset by URL path and by header, each with its own hash`, async () => {
      const whole = await connect('', {}, token);
      const all = await whole.listTools();
      expect(all.tools.map((tool) => tool.name)).to.have.members(toolCatalogue);
      await whole.close();
      const byPath = await connect('/x/billing', {}, token);
      const byHeader = await connect('', { 'X-MCP-Toolsets': 'billing' }, token);
      const [path, header] = [await byPath.listTools(), await byHeader.listTools()];
      expect(path.tools.map((tool) => tool.name)).to.deep.equal([
        'list-estimates',
        'get-estimate',
        'list-invoices',
        'get-invoice',
        'list-unpaid-invoices',
        'list-payments',
        'get-payment',
      ]);
      expect(path.tools).to.have.length(7);
      expect(header.tools).to.deep.equal(path.tools);
      expect(path._meta!.catalogue_hash)
        .to.equal(header._meta!.catalogue_hash)
        .and.not.equal(all._meta!.catalogue_hash);
      await Promise.all([byPath.close(), byHeader.close()]);
    });

    it(`${label}: read-only by URL path and by header hides the writes, and a write called anyway is refused`, async () => {
      for (const [path, headers] of [
        ['/x/customers/readonly', {}],
        ['', { 'X-MCP-Toolsets': 'customers', 'X-MCP-Readonly': 'true' }],
      ] as const) {
        const client = await connect(path, headers, token);
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name))
          .to.include('search-customers')
          .and.not.include('create-customer');
        const before = await countRows('customers', businessId);
        const failure = await client.callTool({ name: 'create-customer', arguments: { name: 'Refused' } }).then(
          () => undefined,
          (error: unknown) => error as { code?: number; message: string },
        );
        expect(failure, 'the SDK rejects the refused call').to.not.equal(undefined);
        expect(failure!.code).to.equal(-32003);
        expect(failure!.message).to.contain('read-only');
        expect(await countRows('customers', businessId)).to.equal(before);
        await client.close();
      }
    });
  }

  it('SDK 1.x OAuth on a read-only view URL: accepts the resource of its metadata and asks for mcp:read only', async () => {
    const { provider } = await adminJourney('toolsets-ro');
    const url = new URL(`${mcpUrl()}/readonly`);
    let failure: unknown;
    const first = new Transport1(url, { authProvider: provider });
    await new Client1({ name: 'toolsets-oauth', version: '1.0.0' })
      .connect(first)
      .catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(UnauthorizedError);
    expect(provider.consents[0]).to.deep.include({ requestedScope: 'mcp:read', offered: [] });
    await first.finishAuth(provider.code!);
    expect(provider.tokens()!.scope).to.equal('mcp:read');
    const client = new Client1({ name: 'toolsets-oauth', version: '1.0.0' });
    await client.connect(new Transport1(url, { authProvider: provider }));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).to.not.include('create-job');
    expect(tools).to.have.length(45);
    await client.close();
  });
});
