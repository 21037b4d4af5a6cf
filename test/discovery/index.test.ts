import { expect } from 'chai';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../adapters/mcp/protocol-version.ts';
import { ZGetDiscoveryIndexOutput } from '../../core/routers/discovery/get-discovery-index.schema.ts';
import { MCP_PROTOCOL_VERSIONS } from '../../core/services/discovery/protocols.ts';
import { API_VERSION } from '../../core/version.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';

type DiscoveryIndex = ReturnType<typeof ZGetDiscoveryIndexOutput.parse>;

describe('GET /api/v1/agent (discovery index)', () => {
  let index: DiscoveryIndex;
  let headers: Headers;

  before(async () => {
    const response = await request<DiscoveryIndex>(`${service().url}/api/v1/agent`);
    expect(response.status, response.text).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    index = response.body;
    headers = response.headers;
  });

  it('matches its output schema, names the API version and says how to start', () => {
    expect(() => ZGetDiscoveryIndexOutput.parse(index)).not.to.throw();
    expect(index.api_version).to.equal(API_VERSION);
    expect(index.description).to.be.a('string').with.length.above(100);
    expect(index.how_to_start).to.have.length.of.at.least(3);
    // Each way in names links the index really has.
    const ids = new Set(index.links.map((link) => link.id));
    for (const id of ['a2a-agent-card', 'a2a-endpoint', 'openapi', 'mcp-endpoint', 'oauth-registration']) {
      expect(ids, id).to.include(id);
      expect(index.how_to_start.join(' '), id).to.include(id);
    }
  });

  it('links every document and endpoint by an absolute URL of this deployment, each id once', () => {
    const site = service().url;
    const base = `${site}/api`;
    const href = Object.fromEntries(index.links.map((link) => [link.id, link.href]));
    expect(index.links.map((link) => link.id)).to.have.length(Object.keys(href).length);
    expect(href).to.deep.equal({
      self: `${base}/v1/agent`,
      'a2a-agent-card': `${base}/v1/agent/a2a`,
      'a2a-agent-card-well-known': `${site}/.well-known/agent-card.json`,
      'a2a-agent-card-legacy': `${site}/.well-known/agent.json`,
      'a2a-endpoint': `${base}/v1/agent/a2a`,
      openapi: `${base}/openapi.json`,
      'api-docs': `${base}/docs`,
      'versioning-policy': `${base}/v1/versioning-policy`,
      health: `${base}/health`,
      'mcp-endpoint': `${base}/v1/mcp`,
      'oauth-protected-resource': `${site}/.well-known/oauth-protected-resource`,
      'oauth-authorization-server': `${site}/.well-known/oauth-authorization-server`,
      'oauth-jwks': `${base}/v1/oauth/jwks`,
      'oauth-registration': `${base}/oauth/register`,
      'ucp-profile': `${base}/v1/agent/ucp`,
      'ucp-profile-well-known': `${site}/.well-known/ucp`,
      'ucp-checkout': `${base}/v1/agent/ucp/checkout`,
      'ucp-x402-handler-schema': `${base}/v1/agent/ucp/payment-handlers/x402`,
      'acp-discovery': `${site}/.well-known/acp.json`,
      'paid-reference-terms': `${base}/v1/agent/paid-reference/terms`,
      'paid-reference': `${base}/v1/agent/paid-reference`,
    });
    for (const link of index.links) expect(new URL(link.href).origin, link.id).to.equal(site);
    // The paid reference arrives with payments; ACP is not implemented (its document answers 404).
    const unavailable = index.links.filter((link) => !link.available).map((link) => link.id);
    expect(unavailable).to.deep.equal(['acp-discovery', 'paid-reference']);
  });

  it('lists the protocols spoken with their versions, and every link names one of them', () => {
    const versions = Object.fromEntries(index.protocols.map((protocol) => [protocol.id, protocol.versions]));
    expect(versions).to.deep.include({
      a2a: ['1.0', '0.3'],
      mcp: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'],
      oauth2: ['2.0'],
      openapi: ['3.1.0'],
      x402: ['2'],
      ucp: ['2026-08-25'],
      acp: [],
    });
    const protocol = (id: string) => index.protocols.find((candidate) => candidate.id === id)!;
    // The test service configures no payments: x402 is announced, not served; ACP is not implemented.
    expect(protocol('x402').available).to.equal(false);
    expect(protocol('acp').available).to.equal(false);
    expect(protocol('x402').extensions!.map((extension) => extension.id)).to.deep.equal([
      'bazaar',
      'payment-identifier',
      'sign-in-with-x',
    ]);
    expect(protocol('ucp').operations!.map((operation) => operation.split(':')[0])).to.deep.equal([
      'create',
      'get',
      'update',
      'complete',
      'cancel',
    ]);
    for (const link of index.links) expect(Object.keys(versions), link.id).to.include(link.protocol);
    expect(index.links.find((link) => link.id === 'mcp-endpoint')?.authentication).to.equal('oauth2');
    expect(index.links.find((link) => link.id === 'paid-reference')?.authentication).to.equal('payment');
  });

  it('lists exactly the MCP revisions the MCP adapter accepts, newest first', () => {
    expect(MCP_PROTOCOL_VERSIONS).to.deep.equal(SUPPORTED_PROTOCOL_VERSIONS);
  });

  it('may be cached publicly for a short time, and revalidated', async () => {
    expect(headers.get('cache-control')).to.equal('public, max-age=300');
    const etag = headers.get('etag');
    expect(etag).to.be.a('string').and.not.empty;
    const again = await fetch(`${service().url}/api/v1/agent`, {
      headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' },
    });
    expect(again.status).to.equal(304);
  });

  it('is readable from any origin (browser-based agents)', async () => {
    const response = await request(`${service().url}/api/v1/agent`, { headers: { Origin: 'https://agent.example' } });
    expect(response.status).to.equal(200);
    expect(response.headers.get('access-control-allow-origin')).to.equal('*');
  });

  it('answers 405 with Allow to a POST', async () => {
    const response = await request(`${service().url}/api/v1/agent`, { method: 'POST' });
    expect(response.status).to.equal(405);
    expect(response.headers.get('allow')).to.match(/GET/);
  });

  it('points only at things that exist: every available link answers, with its method, something other than 404 or 405', async () => {
    const checked: string[] = [];
    for (const link of index.links) {
      if (!link.available) continue;
      // A POST endpoint is sent an empty JSON object: it must answer it (400, 401...), not "no such route".
      const init: RequestInit =
        link.method === 'POST'
          ? {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
              body: '{}',
            }
          : {};
      const response = await fetch(link.href, { redirect: 'manual', ...init });
      await response.arrayBuffer();
      expect(response.status, `${link.method} ${link.href} (${link.id})`).not.to.be.oneOf([404, 405]);
      if (link.method === 'GET') {
        expect(response.status, link.id).to.equal(200);
        expect(response.headers.get('content-type'), link.id).to.include(link.type);
      }
      checked.push(link.id);
    }
    expect(checked).to.include.members([
      'openapi',
      'mcp-endpoint',
      'oauth-jwks',
      'oauth-registration',
      'versioning-policy',
      'ucp-profile',
      'ucp-profile-well-known',
      'ucp-checkout',
      'ucp-x402-handler-schema',
    ]);
  });

  it('is described in the OpenAPI document as a public operation of the Agent tag', async () => {
    const { body: document } = await request<any>(`${service().url}/api/openapi.json`);
    const operation = document.paths['/v1/agent'].get;
    expect(operation.operationId).to.equal('agent-discovery');
    expect(operation.tags).to.deep.equal(['Agent']);
    expect(operation.security).to.deep.equal([]);
    expect(operation.responses['200'].content['application/json'].schema).to.deep.equal({
      $ref: '#/components/schemas/DiscoveryIndex',
    });
  });
});
