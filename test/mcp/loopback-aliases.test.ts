import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { closeGracefully } from '../../adapters/http/graceful-close.ts';
import { siteUrlsResolver } from '../../adapters/http/site-urls.ts';
import { withListeningPort, type Config } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { composeApp } from '../../scripts/compose/compose-app.ts';
import { accountsCaller, createUser, PASSWORD } from '../accounts/fixtures.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { seedWorkspace, toolCatalogue, type Workspace } from '../helpers/tenant-isolation.ts';
import { HeadlessOAuthProvider } from './headless-oauth-provider.ts';
import { LATEST } from './fixtures.ts';

const ALIASES = ['localhost', '127.0.0.1', '[::1]'] as const;

interface RunningApp {
  port: number;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on the shared database, listening on every local address (`::`, dual-stack, so the
 * IPv4 and IPv6 loopback both reach it); `configure` turns the listening port into its configuration.
 */
async function startApp(configure: (port: number) => Config): Promise<RunningApp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  const port = (server.address() as AddressInfo).port;
  const config = configure(port);
  server.on('request', composeApp({ config, database: service().database, log: createLogger('silent') }).callback());
  return { port, config, close: () => closeGracefully(server, 1000) };
}

/** Development: SITE_URL unset, so the site URL follows the listening port (http://localhost:PORT). */
const development = (port: number): Config =>
  withListeningPort({ ...service().config, siteUrlConfigured: false }, port);

/** A GET with a Host header of our choosing (fetch cannot set one), to the IPv4 loopback. */
function getWithHost(port: number, path: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        try {
          expect(response.statusCode, text).to.equal(200);
          resolve(JSON.parse(text) as Record<string, unknown>);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function toolsList(site: string, token: string) {
  return request<{ result?: { tools: unknown[] }; error?: unknown }>(`${site}/api/v1/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': LATEST,
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
}

describe('Loopback aliases in development (SITE_URL unset): localhost, 127.0.0.1 and [::1] each answer in their own name', function () {
  this.timeout(180_000);
  let app: RunningApp;
  let workspace: Workspace;
  const issued = new Map<string, { access: string; refresh: string; clientId: string }>();

  before(async () => {
    app = await startApp(development);
    workspace = await seedWorkspace('alias');
  });
  after(async () => app?.close());

  const siteOf = (name: string) => `http://${name}:${app.port}`;

  for (const name of ALIASES) {
    describe(`on ${name}`, () => {
      it('the 401 challenge, the protected resource metadata and the authorization server metadata name this origin', async () => {
        const site = siteOf(name);
        const challenge = await request(`${site}/api/v1/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        });
        expect(challenge.status).to.equal(401);
        expect(challenge.headers.get('www-authenticate')).to.contain(
          `resource_metadata="${site}/.well-known/oauth-protected-resource"`,
        );
        for (const path of [
          '/.well-known/oauth-protected-resource',
          '/.well-known/oauth-protected-resource/api/v1/mcp',
        ]) {
          const prm = await request<Record<string, unknown>>(`${site}${path}`);
          expect(prm.status).to.equal(200);
          expect(prm.body).to.deep.include({ resource: `${site}/api/v1/mcp`, authorization_servers: [site] });
        }
        const as = await request<Record<string, unknown>>(`${site}/.well-known/oauth-authorization-server`);
        expect(as.body).to.deep.include({
          issuer: site,
          authorization_endpoint: `${site}/api/oauth/authorize`,
          token_endpoint: `${site}/api/oauth/token`,
          registration_endpoint: `${site}/api/oauth/register`,
          jwks_uri: `${site}/api/v1/oauth/jwks`,
        });
      });

      it('the official SDK client registers, signs in through the login and consent forms, gets a token, lists the tools and calls one', async () => {
        const site = siteOf(name);
        const user = await createUser(accountsCaller(), `alias-${ALIASES.indexOf(name)}`);
        await accountsCaller().accounts.addMember({ business: workspace.businessId, email: user.email, role: 'admin' });
        const provider = new HeadlessOAuthProvider(site, {
          email: user.email,
          password: PASSWORD,
          businessId: workspace.businessId,
        });
        const mcp = new URL(`${site}/api/v1/mcp`);
        const first = new StreamableHTTPClientTransport(mcp, { authProvider: provider });
        let failure: unknown;
        await new Client({ name: 'alias-agent', version: '1.0.0' })
          .connect(first)
          .catch((error: unknown) => (failure = error));
        expect(failure, String(failure)).to.be.instanceOf(UnauthorizedError);
        // The provider checked that the forms posted to this origin and that the redirect's iss is it.
        expect(provider.iss).to.equal(site);
        await first.finishAuth(provider.code!);
        const tokens = provider.tokens()!;
        expect(decodeJwt(tokens.access_token)).to.deep.include({ iss: site, aud: `${site}/api/v1/mcp` });

        const client = new Client({ name: 'alias-agent', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(mcp, { authProvider: provider }));
        try {
          const list = await client.listTools();
          expect(list.tools.map((tool) => tool.name)).to.have.members(toolCatalogue);
          const profile = await client.callTool({ name: 'get-business-profile', arguments: {} });
          expect((profile.structuredContent as { id: string }).id).to.equal(workspace.businessId);
        } finally {
          await client.close();
        }
        issued.set(name, {
          access: tokens.access_token,
          refresh: tokens.refresh_token!,
          clientId: provider.clientInformation()!.client_id,
        });
      });
    });
  }

  // After the per-name journeys above (mocha runs a describe's own tests before its nested ones).
  describe('across the names', () => {
    it('a token minted on one name is refused on the others (each name is its own issuer and audience)', async () => {
      expect([...issued.keys()]).to.have.members([...ALIASES]);
      for (const [minted, { access }] of issued) {
        for (const name of ALIASES) {
          const answer = await toolsList(siteOf(name), access);
          if (name === minted) {
            expect(answer.status, `${minted} on ${name}`).to.equal(200);
            expect(answer.body.result?.tools).to.have.length(toolCatalogue.length);
          } else {
            expect(answer.status, `${minted} on ${name}`).to.equal(401);
            expect(answer.headers.get('www-authenticate')).to.contain('error="invalid_token"');
            expect(answer.headers.get('www-authenticate')).to.contain(
              `resource_metadata="${siteOf(name)}/.well-known/oauth-protected-resource"`,
            );
          }
        }
      }
    });

    it('a refresh token issued on one name is refused at the token endpoint of another', async () => {
      const { refresh, clientId } = issued.get('127.0.0.1')!;
      const answer = await request<{ error: string }>(`${siteOf('localhost')}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refresh,
          client_id: clientId,
        }).toString(),
      });
      expect(answer.status, answer.text).to.equal(400);
      expect(answer.body.error).to.be.oneOf(['invalid_grant', 'invalid_target']);
    });

    it('documents built once per name (OpenAPI, A2A card, discovery index) name the origin asked, each with its own ETag', async () => {
      const etags = new Set<string>();
      for (const name of ALIASES) {
        const site = siteOf(name);
        const openapi = await request<{ servers: Array<{ url: string }> }>(`${site}/api/openapi.json`);
        // The relative server first (any host), then this name's absolute one.
        expect(openapi.body.servers.map((server) => server.url)).to.deep.equal(['/api', `${site}/api`]);
        etags.add(openapi.headers.get('etag')!);
        const card = await request<{ url?: string; supportedInterfaces?: Array<{ url: string }> }>(
          `${site}/.well-known/agent-card.json`,
        );
        expect(card.text).to.contain(`${site}/api/v1/agent/a2a`);
        for (const other of ALIASES.filter((candidate) => candidate !== name))
          expect(card.text).to.not.contain(siteOf(other));
        const index = await request(`${site}/api/v1/agent`);
        expect(index.text).to.contain(`${site}/api/v1/mcp`);
        expect(index.text).to.not.contain(name === 'localhost' ? siteOf('127.0.0.1') : siteOf('localhost'));
      }
      expect(etags.size).to.equal(ALIASES.length);
    });
  });

  it('any other Host gets the default site URL: another name, another port, a Host with no port, X-Forwarded-Host', async () => {
    const own = app.config.siteUrl;
    expect(own).to.equal(siteOf('localhost'));
    for (const host of ['attacker.example', `attacker.example:${app.port}`, `127.0.0.1:${app.port + 1}`, '127.0.0.1']) {
      const prm = await getWithHost(app.port, '/.well-known/oauth-protected-resource', { host });
      expect(prm.resource, host).to.equal(`${own}/api/v1/mcp`);
    }
    const forwarded = await getWithHost(app.port, '/.well-known/oauth-authorization-server', {
      host: `127.0.0.1:${app.port}`,
      'x-forwarded-host': 'attacker.example',
    });
    expect(forwarded.issuer).to.equal(siteOf('127.0.0.1'));
  });
});

describe('Loopback aliases are off with SITE_URL set or behind a trusted proxy', function () {
  this.timeout(60_000);

  it('with SITE_URL set, a request on 127.0.0.1 or [::1] gets the configured origin', async () => {
    const app = await startApp((port) => {
      const site = `http://localhost:${port}`;
      return { ...service().config, port, siteUrl: site, baseUrl: `${site}/api`, siteUrlConfigured: true };
    });
    try {
      for (const name of ALIASES) {
        const prm = await request<Record<string, unknown>>(
          `http://${name}:${app.port}/.well-known/oauth-protected-resource`,
        );
        expect(prm.body, name).to.deep.include({
          resource: `${app.config.siteUrl}/api/v1/mcp`,
          authorization_servers: [app.config.siteUrl],
        });
        const as = await request<Record<string, unknown>>(
          `http://${name}:${app.port}/.well-known/oauth-authorization-server`,
        );
        expect(as.body.issuer, name).to.equal(app.config.siteUrl);
      }
    } finally {
      await app.close();
    }
  });

  it('with TRUST_PROXY on (and SITE_URL unset), the Host a proxy forwards never picks the issuer', async () => {
    const app = await startApp((port) => ({ ...development(port), trustProxy: true }));
    try {
      const as = await getWithHost(app.port, '/.well-known/oauth-authorization-server', {
        host: `127.0.0.1:${app.port}`,
        'x-forwarded-host': `[::1]:${app.port}`,
      });
      expect(as.issuer).to.equal(app.config.siteUrl);
    } finally {
      await app.close();
    }
  });

  it('a peer that is not this machine never gets an alias, whatever its Host says', () => {
    const resolve = siteUrlsResolver(development(3000));
    const own = { site: 'http://localhost:3000', base: 'http://localhost:3000/api' };
    expect(resolve({ host: '127.0.0.1:3000', peer: '::ffff:127.0.0.1' }).site).to.equal('http://127.0.0.1:3000');
    expect(resolve({ host: '[::1]:3000', peer: '::1' }).site).to.equal('http://[::1]:3000');
    for (const peer of ['192.0.2.7', '::ffff:192.0.2.7', '2001:db8::1', '::', undefined])
      expect(resolve({ host: '127.0.0.1:3000', peer }), String(peer)).to.deep.equal(own);
    expect(resolve({ host: undefined, peer: '127.0.0.1' })).to.deep.equal(own);
  });
});
