import { randomBytes } from 'node:crypto';
import { extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import { expect } from 'chai';
import { request, type JsonResponse } from '../helpers/http.ts';
import {
  consentForm,
  createMember,
  fieldValues,
  pkcePair,
  redirectParameters,
  signInToConsent,
  TestBrowser,
} from '../oauth/authorize-fixtures.ts';
import { expectTokenResponse, postForm, type TokenResponseBody } from '../oauth/token-flow-fixtures.ts';
import { LATEST, type RpcBody, type ToolResult } from './fixtures.ts';

/**
 * How one MCP client product signs in, as far as the server can see: how it names itself (a dynamic registration body, or the content of its client ID metadata document),
 * and the redirect URI it sends at authorization. Each is taken from the product's published
 * behaviour (docs/mcp-clients.md, "Where each client's callbacks come from", names the source).
 */
export interface ClientProfile {
  product: string;
  /** The RFC 7591 body it posts to the registration endpoint. */
  registration?: Record<string, unknown>;
  /** Its metadata document's content for the client_id `url` (CIMD), served from the test's document server. */
  document?: (url: string) => Record<string, unknown>;
  /** The redirect_uri of its authorization request (one of those it registered, at its run-time port). */
  redirectUri: string;
  /**
   * The Origin of a client whose OAuth requests come from a web page (the MCP Inspector): sent on
   * the metadata, registration and token requests. Its MCP requests go through its local proxy,
   * without one.
   */
  browserOrigin?: string;
}

/** A loopback port as a client picks one at run time. */
export function runtimePort(): number {
  return 40_000 + (randomBytes(2).readUInt16BE() % 20_000);
}

export interface JourneyResult {
  clientId: string;
  token: TokenResponseBody;
  tools: string[];
  profile: ToolResult;
}

interface Discovery {
  scope: string;
  resource: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  registrationEndpoint: string;
}

function mcpEndpoint(site: string): string {
  return `${site}/api/v1/mcp`;
}

function mcpRequest(
  site: string,
  token: string | undefined,
  method: string,
  params?: Record<string, unknown>,
): Promise<JsonResponse<RpcBody>> {
  return request<RpcBody>(mcpEndpoint(site), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': LATEST,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) }),
  });
}

/** The discovery every MCP client starts with: 401 challenge, protected resource metadata (RFC 9728), AS metadata (RFC 8414). */
async function discover(site: string, headers: Record<string, string>): Promise<Discovery> {
  const unauthorized = await mcpRequest(site, undefined, 'initialize');
  expect(unauthorized.status, unauthorized.text).to.equal(401);
  const challenge = extractWWWAuthenticateParams(
    new Response(null, { status: 401, headers: { 'www-authenticate': unauthorized.headers.get('www-authenticate')! } }),
  );
  const resourceMetadata = await request<{ resource: string; authorization_servers: string[] }>(
    challenge.resourceMetadataUrl!.href,
    { headers },
  );
  expect(resourceMetadata.status, resourceMetadata.text).to.equal(200);
  const issuer = new URL(resourceMetadata.body.authorization_servers[0]!);
  const path = issuer.pathname === '/' ? '' : issuer.pathname;
  const metadata = await request<Record<string, string>>(
    `${issuer.origin}/.well-known/oauth-authorization-server${path}`,
    { headers },
  );
  expect(metadata.status, metadata.text).to.equal(200);
  return {
    scope: challenge.scope!,
    resource: resourceMetadata.body.resource,
    authorizationEndpoint: metadata.body.authorization_endpoint!,
    tokenEndpoint: metadata.body.token_endpoint!,
    registrationEndpoint: metadata.body.registration_endpoint!,
  };
}

/** Its client_id: what the registration endpoint issues for its body, or its document's URL. */
async function clientIdOf(
  client: ClientProfile,
  discovery: Discovery,
  documentUrl: string | undefined,
): Promise<string> {
  if (client.document) return documentUrl!;
  const registered = await request<{ client_id: string; redirect_uris: string[] }>(discovery.registrationEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(client.browserOrigin ? { origin: client.browserOrigin } : {}) },
    body: JSON.stringify(client.registration),
  });
  expect(registered.status, `${client.product}: ${registered.text}`).to.equal(201);
  expect(registered.body.redirect_uris).to.deep.equal(client.registration!.redirect_uris);
  return registered.body.client_id;
}

/**
 * One client's whole sign-in on `site`, with no variable set: discovery, its registration or
 * document, the real login and consent forms (a new owner of one business allowing every scope
 * offered), the code at its redirect URI, the token request, then tools/list and one tool call.
 */
export async function signInAs(site: string, client: ClientProfile, documentUrl?: string): Promise<JourneyResult> {
  const headers: Record<string, string> = client.browserOrigin ? { origin: client.browserOrigin } : {};
  const discovery = await discover(site, headers);
  const clientId = await clientIdOf(client, discovery, documentUrl);
  const user = await createMember();
  const browser = new TestBrowser(site);
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(12).toString('base64url');
  const authorization = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: client.redirectUri,
    scope: discovery.scope,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: discovery.resource,
  });
  expect(discovery.authorizationEndpoint).to.equal(`${site}/api/oauth/authorize`);
  const consent = await signInToConsent(browser, authorization, user.email);
  const scopes = fieldValues(consent.text, 'scope').map((scope): [string, string] => ['scope', scope]);
  const approved = await browser.post(
    discovery.authorizationEndpoint,
    consentForm(consent.text, 'approve', [['business_id', user.businesses[0]!.id], ...scopes]),
  );
  const answer = redirectParameters(approved, client.redirectUri);
  expect(answer.get('state')).to.equal(state);
  const token = await postForm<TokenResponseBody>(
    discovery.tokenEndpoint,
    {
      grant_type: 'authorization_code',
      code: answer.get('code')!,
      redirect_uri: client.redirectUri,
      client_id: clientId,
      code_verifier: verifier,
      resource: discovery.resource,
    },
    headers,
  );
  expectTokenResponse(token);
  // A page may read the answer only with CORS allowing it.
  if (client.browserOrigin) expect(token.headers.get('access-control-allow-origin')).to.equal('*');
  const accessToken = token.body.access_token;
  const initialized = await mcpRequest(site, accessToken, 'initialize', {
    protocolVersion: LATEST,
    capabilities: {},
    clientInfo: { name: client.product, version: '1.0.0' },
  });
  expect(initialized.status, initialized.text).to.equal(200);
  const listed = await mcpRequest(site, accessToken, 'tools/list');
  expect(listed.status, listed.text).to.equal(200);
  const tools = (listed.body.result!.tools as Array<{ name: string }>).map((tool) => tool.name);
  const called = await mcpRequest(site, accessToken, 'tools/call', { name: 'get-business-profile', arguments: {} });
  expect(called.status, called.text).to.equal(200);
  const profile = called.body.result as unknown as ToolResult;
  expect(profile.isError, called.text).to.equal(false);
  return { clientId, token: token.body, tools, profile };
}
