import {
  Client as Client2,
  StreamableHTTPClientTransport as StreamableHTTPClientTransport2,
  UnauthorizedError as UnauthorizedError2,
  type OAuthClientProvider as OAuthClientProvider2,
} from '@modelcontextprotocol/client';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import { PASSWORD } from '../accounts/fixtures.ts';
import { sql } from '../helpers/sql.ts';
import { HeadlessOAuthProvider, type HeadlessUser } from '../mcp/headless-oauth-provider.ts';
import { createMember } from './authorize-fixtures.ts';
import { cimdSuite, type DocumentServer } from './client-document-fixtures.ts';

/** The SDK's provider with a client ID metadata document: it then sends that URL as client_id instead of registering. */
class MetadataDocumentProvider extends HeadlessOAuthProvider {
  constructor(
    site: string,
    user: HeadlessUser,
    readonly clientMetadataUrl: string,
  ) {
    super(site, user);
  }
}

/**
 * The official SDK (1.x) as a CIMD client: it sees `client_id_metadata_document_supported`, uses its
 * `clientMetadataUrl` as client_id (no registration), goes through the real login and consent forms,
 * exchanges the code and lists the tools. The SDK insists on an https URL, so the app's fetcher
 * reads that URL's path from a loopback document server (client-document-fixtures.ts).
 */
/** A document listing the provider's loopback callback, published at `path` of the document server. */
function publishFor(documents: DocumentServer, url: string, provider: HeadlessOAuthProvider): void {
  documents.routes.set(new URL(url).pathname, {
    body: {
      client_id: url,
      client_name: 'SDK CIMD agent',
      redirect_uris: [provider.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
  });
}

describe('OAuth CIMD with the official MCP SDK clients (clientMetadataUrl)', function () {
  this.timeout(60_000);
  const suite = cimdSuite(({ origin }) => ({ serveHttpsFrom: origin }));

  /** A provider signing in as a new member, whose document is published at `clientMetadataUrl`. */
  async function publishedProvider(clientMetadataUrl: string): Promise<MetadataDocumentProvider> {
    const member = await createMember();
    const provider = new MetadataDocumentProvider(
      suite.app.url,
      { email: member.email, password: PASSWORD, businessId: member.businesses[0]!.id },
      clientMetadataUrl,
    );
    publishFor(suite.documents, clientMetadataUrl, provider);
    return provider;
  }

  it('authorizes without registering, exchanges the code with the URL as client_id, and lists the tools', async () => {
    const clientMetadataUrl = 'https://agent.cimd.test/oauth/sdk-client.json';
    const provider = await publishedProvider(clientMetadataUrl);
    const seen: string[] = [];
    const recordingFetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
      const response = await fetch(url, init);
      seen.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname} ${response.status}`);
      return response;
    };
    const mcp = new URL(`${suite.app.url}/api/v1/mcp`);
    const first = new StreamableHTTPClientTransport(mcp, { authProvider: provider, fetch: recordingFetch });
    let failure: unknown;
    await new Client({ name: 'cimd-agent', version: '1.0.0' }).connect(first).catch((error: unknown) => {
      failure = error;
    });
    expect(failure, 'the SDK stops at the browser redirect').to.be.instanceOf(UnauthorizedError);
    expect(
      seen.some((step) => step.includes('/oauth/register')),
      seen.join('\n'),
    ).to.equal(false);
    expect(provider.clientInformation()?.client_id).to.equal(clientMetadataUrl);

    await first.finishAuth(provider.code!);
    expect(seen.at(-1)).to.equal('POST /api/oauth/token 200');
    expect(provider.tokens()!.refresh_token).to.be.a('string');

    const client = new Client({ name: 'cimd-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcp, { authProvider: provider, fetch: recordingFetch }));
    try {
      const list = await client.listTools();
      expect(list.tools.length).to.be.greaterThan(40);
    } finally {
      await client.close();
    }
    const rows = await sql<{ source: string }>('select source from oauth_clients where client_id = ?', [
      clientMetadataUrl,
    ]);
    expect(rows).to.deep.equal([{ source: 'metadata_document' }]);
  });

  it('does the same with @modelcontextprotocol/client 2.x', async () => {
    const clientMetadataUrl = 'https://agent.cimd.test/oauth/client-2x.json';
    const provider = await publishedProvider(clientMetadataUrl);
    const authProvider = provider as unknown as OAuthClientProvider2;
    const mcp = new URL(`${suite.app.url}/api/v1/mcp`);
    const first = new StreamableHTTPClientTransport2(mcp, { authProvider });
    let failure: unknown;
    await new Client2({ name: 'cimd-agent-2x', version: '1.0.0' }).connect(first).catch((error: unknown) => {
      failure = error;
    });
    expect(failure, String(failure)).to.be.instanceOf(UnauthorizedError2);
    expect(provider.clientInformation()?.client_id).to.equal(clientMetadataUrl);
    // 2.x checks RFC 9207's iss of the authorization response (the provider saw it equal the issuer).
    await first.finishAuth(provider.code!, suite.app.url);
    expect(provider.tokens()!.access_token).to.be.a('string');

    const client = new Client2({ name: 'cimd-agent-2x', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport2(mcp, { authProvider }));
    try {
      const list = await client.listTools();
      expect(list.tools.length).to.be.greaterThan(40);
    } finally {
      await client.close();
    }
  });
});
