import { expect } from 'chai';
import { calculateJwkThumbprint } from 'jose';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { createGrant, kidOf, mint } from './token-fixtures.ts';

const mcpScopes = ['mcp:read', 'mcp:use', 'mcp:customers:write', 'mcp:jobs:write', 'mcp:write'];
/** The authorization server's scopes: the MCP resource's, then the A2A resource's. */
const serverScopes = [...mcpScopes, 'a2a:tasks'];

describe('OAuth discovery documents', () => {
  const site = () => service().url;

  it('serves the authorization server metadata (RFC 8414) with the issuer exactly {site_url}', async () => {
    // With an Origin, as a browser-based client's fetch sends it: the document is readable from any origin.
    const response = await request<Record<string, unknown>>(`${site()}/.well-known/oauth-authorization-server`, {
      headers: { Origin: 'https://client.example' },
    });
    expect(response.status, response.text).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    expect(response.headers.get('cache-control')).to.equal('public, max-age=3600');
    expect(response.headers.get('access-control-allow-origin')).to.equal('*');
    expect(site()).not.to.match(/\/$/);
    const base = `${site()}/api`;
    expect(response.body).to.deep.equal({
      issuer: site(),
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      jwks_uri: `${base}/v1/oauth/jwks`,
      scopes_supported: serverScopes,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
      service_documentation: `${base}/docs`,
    });
  });

  it('serves the protected resource metadata (RFC 9728) at the root and at the path-inserted location, identically', async () => {
    const browser = { headers: { Origin: 'https://client.example' } };
    const root = await request<Record<string, unknown>>(`${site()}/.well-known/oauth-protected-resource`, browser);
    const inserted = await request<Record<string, unknown>>(
      `${site()}/.well-known/oauth-protected-resource/api/v1/mcp`,
      browser,
    );
    for (const response of [root, inserted]) {
      expect(response.status, response.text).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^application\/json/);
      expect(response.headers.get('cache-control')).to.equal('public, max-age=3600');
      expect(response.headers.get('access-control-allow-origin')).to.equal('*');
    }
    expect(root.body).to.deep.equal({
      resource: `${site()}/api/v1/mcp`,
      authorization_servers: [site()],
      scopes_supported: mcpScopes,
      bearer_methods_supported: ['header'],
      resource_name: 'Field Service MCP',
    });
    expect(inserted.text).to.equal(root.text);
    const metadata = await request<{ issuer: string }>(`${site()}/.well-known/oauth-authorization-server`);
    expect((root.body.authorization_servers as string[])[0]).to.equal(metadata.body.issuer);
  });

  it('answers only GET and HEAD on the well-known documents: 405 with Allow otherwise; unknown documents are 404', async () => {
    for (const path of [
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/api/v1/mcp',
    ]) {
      const head = await request(`${site()}${path}`, { method: 'HEAD' });
      expect(head.status, path).to.equal(200);
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const response = await request(`${site()}${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: method === 'DELETE' ? undefined : '{}',
        });
        expectErrorMessage(response, 405, 'METHOD_NOT_ALLOWED');
        expect(response.headers.get('allow'), `${method} ${path}`).to.contain('GET');
      }
    }
    expectErrorMessage(
      await request(`${site()}/.well-known/oauth-protected-resource/api/v1/other`),
      404,
      'ROUTE_NOT_FOUND',
    );
  });

  it('serves the JWKS with the key in use: public members only, kid = RFC 7638 thumbprint, cached 5 minutes', async () => {
    const grant = await createGrant();
    const kid = kidOf((await mint(grant)).token);
    const response = await request<{ keys: Array<Record<string, string>> }>(`${site()}/api/v1/oauth/jwks`);
    expect(response.status, response.text).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('public, max-age=300');
    expect(response.headers.get('etag')).to.be.a('string');
    expect(response.body).to.have.all.keys('keys');
    const key = response.body.keys.find((candidate) => candidate.kid === kid);
    expect(key, 'the signing key is published').to.exist;
    for (const published of response.body.keys) {
      expect(published).to.have.all.keys('kty', 'crv', 'x', 'y', 'kid', 'alg', 'use');
      expect(published).not.to.have.property('d');
      expect(published).to.include({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(published.kid).to.equal(
        await calculateJwkThumbprint({ kty: 'EC', crv: 'P-256', x: published.x!, y: published.y! }, 'sha256'),
      );
    }
    expect(response.text).not.to.match(/"d"\s*:/);
  });

  it('documents the JWKS in the OpenAPI document under the OAuth tag, and not the well-known documents', async () => {
    const response = await request<{
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    }>(`${site()}/api/openapi.json`);
    const operation = response.body.paths['/v1/oauth/jwks']?.get;
    expect(operation, 'GET /v1/oauth/jwks').to.exist;
    expect(operation!.tags).to.deep.equal(['OAuth']);
    expect(operation!.security).to.deep.equal([]);
    // (Webhook endpoints have a rotate-secret operation of their own; the signing-key rotation is admin only.)
    const paths = Object.keys(response.body.paths).filter((path) => !path.startsWith('/v1/webhook-endpoints/'));
    expect(paths.filter((path) => /well-known|metadata|rotate/i.test(path))).to.deep.equal([]);
  });
});
