import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { loadConfig } from '../../core/config.ts';
import { checkClientDocument } from '../../core/services/oauth/client-document.ts';
import { clientDocumentUrlProblem } from '../../core/services/oauth/client-document-url.ts';
import { checkRedirectUri } from '../../core/services/oauth/redirect-uri-policy.ts';
import { cimdSuite } from '../oauth/client-document-fixtures.ts';
import { runtimePort, signInAs, type ClientProfile } from './client-journeys.ts';

/** VS Code's client ID metadata document (its client_id) and what it lists, as published. */
const VSCODE_CLIENT_ID = 'https://vscode.dev/oauth/client-metadata.json';
function vscodeDocument(url: string): Record<string, unknown> {
  return {
    client_id: url,
    client_name: 'Visual Studio Code',
    client_uri: 'https://code.visualstudio.com',
    redirect_uris: ['http://127.0.0.1:33418/', 'https://vscode.dev/redirect'],
    grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    application_type: 'native',
  };
}

/** The registration body shared by the SDK-based clients, with their own name and callbacks. */
function publicClient(client_name: string, redirect_uris: string[], extra: Record<string, unknown> = {}) {
  return {
    client_name,
    redirect_uris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...extra,
  };
}

/** Each client the guide (docs/mcp-clients.md) names, as its sign-in reaches the server (sources: its "Where each client's callbacks come from"). */
function profiles(): ClientProfile[] {
  const claudeCodePort = runtimePort();
  const mcpRemotePort = runtimePort();
  return [
    {
      product: 'VS Code (client ID metadata document)',
      document: vscodeDocument,
      // Port 33418 when free, another one chosen at run time otherwise: the registered port does not matter.
      redirectUri: `http://127.0.0.1:${runtimePort()}/`,
    },
    {
      product: 'VS Code (dynamic registration fallback)',
      registration: publicClient(
        'Visual Studio Code',
        [
          'https://insiders.vscode.dev/redirect',
          'https://vscode.dev/redirect',
          'http://127.0.0.1/',
          'http://127.0.0.1:33418/',
        ],
        { client_uri: 'https://code.visualstudio.com' },
      ),
      redirectUri: 'http://127.0.0.1:33418/',
    },
    {
      product: 'Cursor',
      registration: publicClient('Cursor', [
        'cursor://anysphere.cursor-mcp/oauth/callback',
        'https://www.cursor.com/agents/mcp/oauth/callback',
        'http://localhost:8787/callback',
      ]),
      redirectUri: 'cursor://anysphere.cursor-mcp/oauth/callback',
    },
    {
      product: 'Claude Code',
      registration: publicClient('Claude Code (field-service)', [`http://localhost:${claudeCodePort}/callback`]),
      redirectUri: `http://localhost:${claudeCodePort}/callback`,
    },
    {
      product: 'Claude Desktop through mcp-remote',
      registration: publicClient('MCP CLI Client', [`http://localhost:${mcpRemotePort}/oauth/callback`], {
        client_uri: 'https://github.com/modelcontextprotocol/mcp-cli',
        software_id: '2e6dc280-f3c3-4e01-99a7-8181dbd1d23d',
        software_version: '0.1.29',
      }),
      redirectUri: `http://localhost:${mcpRemotePort}/oauth/callback`,
    },
    {
      product: 'claude.ai connector',
      registration: publicClient('Claude', ['https://claude.ai/api/mcp/auth_callback']),
      redirectUri: 'https://claude.ai/api/mcp/auth_callback',
    },
    {
      product: 'ChatGPT connector',
      registration: publicClient('ChatGPT', ['https://chatgpt.com/connector_platform_oauth_redirect']),
      redirectUri: 'https://chatgpt.com/connector_platform_oauth_redirect',
    },
    {
      // Its exact callback is not in the public record: the editor's own scheme (a VS Code fork) or a loopback one.
      product: 'Windsurf',
      registration: publicClient('Windsurf', [
        'windsurf://codeium.windsurf/oauth/callback',
        `http://127.0.0.1:${runtimePort()}/oauth/callback`,
      ]),
      redirectUri: 'windsurf://codeium.windsurf/oauth/callback',
    },
    {
      product: 'MCP Inspector (guided OAuth flow)',
      registration: {
        ...publicClient('MCP Inspector', ['http://localhost:6274/oauth/callback/debug'], {
          client_uri: 'https://github.com/modelcontextprotocol/inspector',
        }),
        response_types: undefined,
      },
      redirectUri: 'http://localhost:6274/oauth/callback/debug',
      // Its OAuth requests are CORS requests from its page; its MCP requests go through its local proxy.
      browserOrigin: 'http://localhost:6274',
    },
  ];
}

/** What the guide's section of each client must say: its snippet's URL, and the callbacks or document the test signs in with. */
const guide: Record<string, { heading: string; mentions: string[] }> = {
  'VS Code (client ID metadata document)': {
    heading: 'VS Code',
    mentions: [
      '"servers"',
      'code --add-mcp',
      VSCODE_CLIENT_ID,
      'http://127.0.0.1:33418/',
      'https://vscode.dev/redirect',
    ],
  },
  'VS Code (dynamic registration fallback)': {
    heading: 'VS Code',
    mentions: ['https://insiders.vscode.dev/redirect', '`http://127.0.0.1/`'],
  },
  Cursor: {
    heading: 'Cursor',
    mentions: [
      'cursor://anysphere.cursor-mcp/oauth/callback',
      'https://www.cursor.com/agents/mcp/oauth/callback',
      'http://localhost:<port>/callback',
    ],
  },
  'Claude Code': {
    heading: 'Claude Code',
    mentions: ['claude mcp add --transport http field-service', 'http://localhost:<port>/callback'],
  },
  'Claude Desktop through mcp-remote': {
    heading: 'Claude Desktop (through `mcp-remote`)',
    mentions: ['"mcp-remote"', 'http://localhost:<port>/oauth/callback', 'MCP CLI Client'],
  },
  'claude.ai connector': {
    heading: "claude.ai (and Claude Desktop's connectors)",
    mentions: ['https://fieldservice.example.com/api/v1/mcp', 'https://claude.ai/api/mcp/auth_callback'],
  },
  'ChatGPT connector': {
    heading: 'ChatGPT',
    mentions: ['https://fieldservice.example.com/api/v1/mcp', 'https://chatgpt.com/connector_platform_oauth_redirect'],
  },
  Windsurf: { heading: 'Windsurf', mentions: ['"serverUrl"', '`windsurf:`'] },
  'MCP Inspector (guided OAuth flow)': {
    heading: 'MCP Inspector',
    mentions: ['npx @modelcontextprotocol/inspector', 'http://localhost:6274/oauth/callback/debug'],
  },
};

/** The body of the "## <heading>" section of the per-client guide, docs/mcp-clients.md. */
function guideSection(heading: string): string {
  const page = readFileSync('docs/mcp-clients.md', 'utf8');
  const marker = `\n## ${heading}\n`;
  const start = page.indexOf(marker);
  expect(start, `a section "## ${heading}" in docs/mcp-clients.md`).to.be.greaterThan(-1);
  return page.slice(start + marker.length).split('\n## ')[0]!;
}

describe('MCP clients sign in with the default settings', function () {
  this.timeout(120_000);
  const suite = cimdSuite();

  for (const client of profiles()) {
    it(`${client.product}: discovery, its registration or document, login and consent, token, tools/list, a tool call`, async () => {
      const documentUrl = client.document
        ? suite.documents.publish((url) => ({ body: client.document!(url) }))
        : undefined;
      const result = await signInAs(suite.app.url, client, documentUrl);
      expect(result.tools).to.include('get-business-profile');
      expect(result.token.refresh_token).to.be.a('string');
    });
  }

  it('docs/mcp-clients.md has a section per client whose snippet and callbacks are those signed in with above, and the views', () => {
    for (const client of profiles()) {
      const { heading, mentions } = guide[client.product]!;
      const text = guideSection(heading);
      // A desktop client's snippet names the local start; a hosted connector needs the public https address.
      expect(text, heading).to.match(/(http:\/\/localhost:3000|https:\/\/fieldservice\.example\.com)\/api\/v1\/mcp/);
      for (const mention of mentions) expect(text, `${heading}: ${mention}`).to.contain(mention);
    }
    const views = guideSection('Choosing what the agent sees');
    for (const form of ['/v1/mcp/x/', '/v1/mcp/readonly', 'X-MCP-Toolsets', 'X-MCP-Readonly', 'X-MCP-Tools'])
      expect(views, form).to.contain(form);
  });

  it("accepts VS Code's published document at its real client_id: both redirect URIs kept, the device-code grant left out", () => {
    const policy = loadConfig({}).oauthRedirects;
    expect(clientDocumentUrlProblem(VSCODE_CLIENT_ID, false)).to.equal(undefined);
    const client = checkClientDocument(VSCODE_CLIENT_ID, vscodeDocument(VSCODE_CLIENT_ID), policy);
    expect(client.redirectUris).to.deep.equal(['http://127.0.0.1:33418/', 'https://vscode.dev/redirect']);
    expect(client.grantTypes).to.deep.equal(['authorization_code', 'refresh_token']);
    expect(client.ignored).to.deep.equal({
      redirectUris: [],
      grantTypes: ['urn:ietf:params:oauth:grant-type:device_code'],
    });
  });

  it('the default policy accepts every callback the guide names, and OAUTH_LOOPBACK_PATHS=/callback restores the exact form', () => {
    const policy = loadConfig({}).oauthRedirects;
    const callbacks = profiles().flatMap((client) =>
      client.registration
        ? (client.registration.redirect_uris as string[])
        : (vscodeDocument('x').redirect_uris as string[]),
    );
    for (const uri of callbacks) expect(checkRedirectUri(uri, policy).accepted, uri).to.equal(true);
    const strict = loadConfig({ OAUTH_LOOPBACK_PATHS: '/callback' }).oauthRedirects;
    expect(checkRedirectUri('http://127.0.0.1:33418/', strict).accepted).to.equal(false);
    expect(checkRedirectUri('http://localhost:6274/oauth/callback/debug', strict).accepted).to.equal(false);
    expect(checkRedirectUri('http://127.0.0.1:5000/callback', strict).accepted).to.equal(true);
  });

  it('the variables extend the vetted list, and OAUTH_VETTED_CALLBACKS=false leaves only what they name', () => {
    const extended = loadConfig({
      OAUTH_HOSTED_CALLBACKS: 'https://agent.example/oauth/cb',
      OAUTH_PRIVATE_USE_SCHEMES: 'com.example.agent',
    }).oauthRedirects;
    for (const uri of [
      'https://agent.example/oauth/cb',
      'com.example.agent:/cb',
      'https://claude.ai/api/mcp/auth_callback',
      'cursor://anysphere.cursor-mcp/oauth/callback',
    ])
      expect(checkRedirectUri(uri, extended).accepted, uri).to.equal(true);
    const replaced = loadConfig({
      OAUTH_VETTED_CALLBACKS: 'false',
      OAUTH_HOSTED_CALLBACKS: 'https://agent.example/oauth/cb',
    }).oauthRedirects;
    expect(checkRedirectUri('https://agent.example/oauth/cb', replaced).accepted).to.equal(true);
    expect(checkRedirectUri('https://claude.ai/api/mcp/auth_callback', replaced).accepted).to.equal(false);
    expect(checkRedirectUri('cursor://anysphere.cursor-mcp/oauth/callback', replaced).accepted).to.equal(false);
    expect(loadConfig({ OAUTH_LOOPBACK_PATHS: '' }).oauthRedirects.loopbackPaths).to.equal(undefined);
  });
});
