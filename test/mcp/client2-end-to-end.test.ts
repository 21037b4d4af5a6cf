import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { expect } from 'chai';
import { countRows } from '../helpers/sql.ts';
import { toolCatalogue, type Workspace } from '../helpers/tenant-isolation.ts';
import { mcpUrl, resourceMetadataUrl } from './fixtures.ts';
import { adminJourney, type HeadlessOAuthProvider } from './headless-oauth-provider.ts';
import { MODERN } from './modern-fixtures.ts';

interface Exchange {
  method: string;
  url: string;
  status: number;
  /** The request's MCP headers and JSON-RPC method, for the exchanges with the MCP endpoint. */
  version: string | null;
  mcpMethod: string | null;
  mcpName: string | null;
  rpcMethod: string | undefined;
  wwwAuthenticate: string | null;
}

const snapshot = JSON.parse(readFileSync(new URL('./catalogue-snapshot.json', import.meta.url), 'utf8')) as {
  revision: string;
  hash: string;
};

const modes = [
  { label: 'pinned to 2026-07-28', versionNegotiation: { mode: { pin: MODERN } } },
  { label: "in its 'auto' mode", versionNegotiation: { mode: 'auto' as const } },
];

/**
 * The agent journey with the official 2.x client (@modelcontextprotocol/client), which speaks the
 * stateless revision: its server/discover probe meets the 401, its OAuth client registers and goes
 * through the real login and consent pages (the headless provider the SDK 1.x journey uses), and it
 * then stays on 2026-07-28 with no initialize, lists the same catalogue (same hash as SDK 1.x over
 * 2025-11-25), calls reads, meets the 403 on a write left out of the consent, steps up and writes.
 * Pinned, the client accepts nothing but 2026-07-28; in auto mode it would fall back to initialize
 * unless the server gave modern evidence, so both show the server is found modern.
 */
for (const { label, versionNegotiation } of modes) {
  describe(`MCP end to end: the official 2.x client ${label}, through OAuth and step-up`, function () {
    this.timeout(120_000);
    const exchanges: Exchange[] = [];
    const recordingFetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
      const response = await fetch(url, init);
      const headers = new Headers(init?.headers);
      const body = typeof init?.body === 'string' && init.body.startsWith('{') ? JSON.parse(init.body) : undefined;
      exchanges.push({
        method: init?.method ?? 'GET',
        url: String(url),
        status: response.status,
        version: headers.get('mcp-protocol-version'),
        mcpMethod: headers.get('mcp-method'),
        mcpName: headers.get('mcp-name'),
        rpcMethod: (body as { method?: string } | undefined)?.method,
        wwwAuthenticate: response.headers.get('www-authenticate'),
      });
      return response;
    };
    const mcpExchanges = () => exchanges.filter((exchange) => exchange.url === mcpUrl());
    let workspace: Workspace;
    let provider: HeadlessOAuthProvider;
    let client: Client;
    let transport: StreamableHTTPClientTransport;
    const newTransport = () =>
      new StreamableHTTPClientTransport(new URL(mcpUrl()), { authProvider: provider, fetch: recordingFetch });
    const newClient = () => new Client({ name: 'e2e-agent-2x', version: '2.0.0' }, { versionNegotiation });
    const email = `e2e2-${randomBytes(4).toString('hex')}@example.com`;

    before(async () => {
      ({ workspace, provider } = await adminJourney('e2e2'));
    });
    after(async () => client?.close());

    it('its server/discover probe meets the 401: it registers and is authorized with one write scope left out', async () => {
      provider.consentTo = ['mcp:jobs:write'];
      const first = newTransport();
      let failure: unknown;
      await newClient()
        .connect(first)
        .catch((error: unknown) => (failure = error));
      expect(failure, String(failure)).to.be.instanceOf(UnauthorizedError);
      const probe = exchanges[0]!;
      expect(probe).to.deep.include({
        method: 'POST',
        url: mcpUrl(),
        status: 401,
        version: MODERN,
        mcpMethod: 'server/discover',
        rpcMethod: 'server/discover',
      });
      expect(probe.wwwAuthenticate).to.contain(`resource_metadata="${resourceMetadataUrl()}"`);
      expect(provider.consents).to.have.length(1);
      expect(provider.consents[0]).to.deep.include({ approved: ['mcp:jobs:write'], signedIn: true });
      await first.finishAuth(provider.code!, provider.iss);
      expect(provider.tokens()!.scope).to.equal('mcp:read mcp:jobs:write');
    });

    it('connects on 2026-07-28 without initialize: server/discover answers the revisions, capability and instructions', async () => {
      const from = exchanges.length;
      client = newClient();
      transport = newTransport();
      await client.connect(transport);
      expect(client.getNegotiatedProtocolVersion()).to.equal(MODERN);
      expect(client.getServerCapabilities()).to.deep.include({ tools: { listChanged: false } });
      expect(client.getInstructions()).to.contain('create-customer');
      expect(client.getServerVersion()).to.deep.include({ name: 'field-service-api', version: '1.0.0' });
      expect(client.getDiscoverResult()?.supportedVersions).to.include.members([MODERN, '2025-11-25']);
      const sent = exchanges.slice(from).filter((exchange) => exchange.url === mcpUrl());
      expect(sent.map((exchange) => `${exchange.rpcMethod} ${exchange.status}`)).to.deep.equal(['server/discover 200']);
      expect(mcpExchanges().some((exchange) => exchange.rpcMethod === 'initialize')).to.equal(false);
    });

    it('lists the 47 tools with the same catalogue revision and hash as SDK 1.x over 2025-11-25', async () => {
      const list = await client.listTools();
      expect(list.tools.map((tool) => tool.name)).to.have.members(toolCatalogue);
      expect(list._meta).to.deep.include({ catalogue_revision: snapshot.revision, catalogue_hash: snapshot.hash });
      expect(mcpExchanges().at(-1)).to.deep.include({ version: MODERN, mcpMethod: 'tools/list', status: 200 });
    });

    it('calls reads, whose structured results the client validates against their output schemas', async () => {
      const profile = await client.callTool({ name: 'get-business-profile', arguments: {} });
      expect((profile.structuredContent as { id: string }).id).to.equal(workspace.businessId);
      expect(mcpExchanges().at(-1)).to.deep.include({
        version: MODERN,
        mcpMethod: 'tools/call',
        mcpName: 'get-business-profile',
        status: 200,
      });
      const customers = await client.callTool({ name: 'list-customers', arguments: { limit: 5 } });
      const items = (customers.structuredContent as { items: Array<{ id: string }> }).items;
      expect(items).to.have.length(5);
      const customer = await client.callTool({ name: 'get-customer', arguments: { customer_id: items[0]!.id } });
      expect((customer.structuredContent as { id: string }).id).to.equal(items[0]!.id);
    });

    it('the write left out answers 403 insufficient_scope and writes nothing; step-up with consent; the write then succeeds', async () => {
      const before = await countRows('customers', workspace.businessId);
      const from = exchanges.length;
      provider.consentTo = ['mcp:customers:write', 'mcp:jobs:write'];
      let failure: unknown;
      await client
        .callTool({ name: 'create-customer', arguments: { name: 'Grace Modern', email } })
        .catch((error: unknown) => (failure = error));
      const refused = exchanges.slice(from).find((exchange) => exchange.status === 403)!;
      expect(refused).to.deep.include({ version: MODERN, mcpName: 'create-customer' });
      expect(refused.wwwAuthenticate).to.equal(
        `Bearer error="insufficient_scope", scope="mcp:read mcp:jobs:write mcp:customers:write", resource_metadata="${resourceMetadataUrl()}"`,
      );
      expect(await countRows('customers', workspace.businessId), 'nothing written on the refused call').to.equal(
        before,
      );
      // The 2.x client steps up on its own: a new authorization for the challenged scopes, at the browser.
      expect(failure, String(failure)).to.be.instanceOf(UnauthorizedError);
      const consent = provider.consents.at(-1)!;
      expect(provider.consents).to.have.length(2);
      expect(consent).to.deep.include({
        requestedScope: 'mcp:read mcp:jobs:write mcp:customers:write',
        signedIn: false,
      });
      expect(consent.approved).to.have.members(['mcp:customers:write', 'mcp:jobs:write']);
      await transport.finishAuth(provider.code!, provider.iss);
      expect(provider.tokens()!.scope!.split(' ')).to.have.members([
        'mcp:read',
        'mcp:customers:write',
        'mcp:jobs:write',
      ]);

      const created = await client.callTool({ name: 'create-customer', arguments: { name: 'Grace Modern', email } });
      expect(created.isError).to.equal(false);
      expect(created.structuredContent).to.deep.include({ name: 'Grace Modern', email });
      expect(await countRows('customers', workspace.businessId)).to.equal(before + 1);
    });

    it('a duplicate e-mail is an isError result, and bad arguments a -32602 error naming the field', async () => {
      const duplicate = await client.callTool({
        name: 'create-customer',
        arguments: { name: 'Grace Again', email: email.toUpperCase() },
      });
      expect(duplicate.isError).to.equal(true);
      expect((duplicate.content as Array<{ text: string }>)[0]!.text).to.match(/^CONFLICT: /);
      let failure: unknown;
      await client
        .callTool({ name: 'get-customer', arguments: { customer_id: 'not-a-uuid' } })
        .catch((error: unknown) => (failure = error));
      expect(failure).to.have.property('code', -32602);
      expect((failure as Error).message).to.contain('"customer_id"');
    });
  });
}
