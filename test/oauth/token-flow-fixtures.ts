import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { issueAuthorization } from '../../core/services/oauth/authorization-codes.ts';
import { accountsCaller, createUser, uniqueSuffix } from '../accounts/fixtures.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { em } from './token-fixtures.ts';

/** A user owning a business, a registered public client, and what an authorization of it needs. */
export interface AuthorizedParty {
  userId: string;
  email: string;
  businessId: string;
  clientId: string;
  redirectUri: string;
  /** The client's registered scope. */
  clientScope: string;
}

export interface IssuedCode {
  code: string;
  verifier: string;
  grantId: string;
  scope: string;
}

export interface TokenResponseBody {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

export interface OAuthErrorBody {
  error: string;
  error_description: string;
}

/** A loopback callback no other registration uses. */
export function loopbackRedirect(): string {
  return `http://127.0.0.1:${40_000 + (randomBytes(2).readUInt16BE() % 20_000)}/callback?t=${randomBytes(6).toString('hex')}`;
}

/** A fresh owner, business and client (registered through the procedure, as POST /oauth/register would). */
export async function authorizedParty(
  options: { grantTypes?: string[]; scope?: string } = {},
): Promise<AuthorizedParty> {
  const caller = accountsCaller();
  const user = await createUser(caller, 'token');
  const business = await caller.accounts.createBusiness({
    name: `Token Test ${uniqueSuffix()}`,
    time_zone: 'UTC',
    currency: 'USD',
    owner_email: user.email,
  });
  const redirectUri = loopbackRedirect();
  const client = await caller.protocols.oauth.clients.registerClient({
    redirect_uris: [redirectUri],
    client_name: `Token flow ${uniqueSuffix()}`,
    ...(options.grantTypes ? { grant_types: options.grantTypes } : {}),
    ...(options.scope ? { scope: options.scope } : {}),
  });
  return {
    userId: user.id,
    email: user.email,
    businessId: business.id,
    clientId: client.client_id,
    redirectUri,
    clientScope: client.scope,
  };
}

export function newVerifier(): string {
  return randomBytes(32).toString('base64url');
}

export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** What the authorization endpoint does after consent: a grant and its code (no browser). */
export async function issueCode(
  party: AuthorizedParty,
  options: { scope?: string; now?: Date; verifier?: string; resource?: string; redirectUri?: string } = {},
): Promise<IssuedCode> {
  const verifier = options.verifier ?? newVerifier();
  const scope = options.scope ?? 'mcp:read mcp:customers:write';
  const issued = await issueAuthorization({
    em: em(),
    now: options.now ?? new Date(),
    clientId: party.clientId,
    userId: party.userId,
    businessId: party.businessId,
    scope,
    resource: options.resource ?? mcpResource(),
    redirectUri: options.redirectUri ?? party.redirectUri,
    codeChallenge: challengeOf(verifier),
  });
  return { code: issued.code, verifier, grantId: issued.grantId, scope };
}

export function mcpResource(): string {
  return `${service().config.baseUrl}/v1/mcp`;
}

export function tokenEndpoint(origin = service().url): string {
  return `${origin}/api/oauth/token`;
}

export function revocationEndpoint(origin = service().url): string {
  return `${origin}/api/oauth/revoke`;
}

/** POSTs a form; `params` as pairs so that a test can repeat a name. */
export function postForm<T = unknown>(
  url: string,
  params: Array<[string, string]> | Record<string, string>,
  headers: Record<string, string> = {},
): Promise<JsonResponse<T>> {
  return request<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(params as Array<[string, string]>).toString(),
  });
}

/** The authorization_code token request for a code, as a client sends it; `overrides` replace or (undefined) drop parameters. */
export function codeExchangeParams(
  party: AuthorizedParty,
  code: IssuedCode,
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const params: Record<string, string | undefined> = {
    grant_type: 'authorization_code',
    client_id: party.clientId,
    code: code.code,
    redirect_uri: party.redirectUri,
    code_verifier: code.verifier,
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

export function refreshParams(
  party: AuthorizedParty,
  refreshToken: string,
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const params: Record<string, string | undefined> = {
    grant_type: 'refresh_token',
    client_id: party.clientId,
    refresh_token: refreshToken,
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** Exchanges a code and expects success. */
export async function exchange(party: AuthorizedParty, code: IssuedCode): Promise<TokenResponseBody> {
  const response = await postForm<TokenResponseBody>(tokenEndpoint(), codeExchangeParams(party, code));
  expectTokenResponse(response);
  return response.body;
}

/** RFC 6749 section 5.1: 200 JSON, never cached. */
export function expectTokenResponse(response: JsonResponse<unknown>): void {
  expect(response.status, response.text).to.equal(200);
  expect(response.headers.get('content-type')).to.match(/^application\/json/);
  expect(response.headers.get('cache-control')).to.equal('no-store');
  expect(response.headers.get('pragma')).to.equal('no-cache');
}

/** RFC 6749 section 5.2: the status, the error code, a description, never cached. */
export function expectOAuthError(
  response: JsonResponse<unknown>,
  status: number,
  error: string,
  mentions?: string | RegExp,
): OAuthErrorBody {
  expect(response.status, response.text).to.equal(status);
  expect(response.headers.get('content-type')).to.match(/^application\/json/);
  expect(response.headers.get('cache-control')).to.equal('no-store');
  expect(response.headers.get('pragma')).to.equal('no-cache');
  const body = response.body as OAuthErrorBody;
  expect(body).to.have.all.keys('error', 'error_description');
  expect(body.error, body.error_description).to.equal(error);
  expect(body.error_description).to.be.a('string').and.not.empty;
  if (typeof mentions === 'string') expect(body.error_description).to.contain(mentions);
  else if (mentions) expect(body.error_description).to.match(mentions);
  return body;
}
