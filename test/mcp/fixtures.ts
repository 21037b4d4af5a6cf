import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { accountsCaller, createUser, uniqueSuffix } from '../accounts/fixtures.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { mint, type GrantFixture } from '../oauth/token-fixtures.ts';

export const LATEST = '2025-11-25';

/** The MCP endpoint of the shared service. */
export const mcpUrl = (): string => `${service().config.baseUrl}/v1/mcp`;

export const resourceMetadataUrl = (): string => `${service().config.siteUrl}/.well-known/oauth-protected-resource`;

/**
 * A grant of a new admin of an existing business (the seeded ones) to a newly registered client,
 * as the authorization endpoint records it after consent (an admin: only an owner or admin may
 * grant write scopes). `role` and `clientScope` (the client's registered scope; every scope when
 * absent) change who consented and what the client registered.
 */
export async function grantFor(
  businessId: string,
  scope: string,
  { role = 'admin', clientScope }: { role?: 'admin' | 'member'; clientScope?: string } = {},
): Promise<GrantFixture> {
  const caller = accountsCaller();
  const user = await createUser(caller, 'mcp');
  await caller.accounts.addMember({ business: businessId, email: user.email, role });
  const port = 40_000 + (randomBytes(2).readUInt16BE() % 20_000);
  const client = await caller.protocols.oauth.clients.registerClient({
    redirect_uris: [`http://127.0.0.1:${port}/callback?t=${uniqueSuffix()}`],
    client_name: `MCP test ${uniqueSuffix()}`,
    ...(clientScope === undefined ? {} : { scope: clientScope }),
  });
  const grantId = randomUUID();
  await sql(
    'insert into oauth_grants (id, client_id, user_id, business_id, scope, resource) values (?, ?, ?, ?, ?, ?)',
    [grantId, client.client_id, user.id, businessId, scope, mcpUrl()],
  );
  return { userId: user.id, businessId, clientId: client.client_id, grantId, scope };
}

/** An access token for the business with these scopes. */
export async function tokenFor(businessId: string, scope: string): Promise<string> {
  return (await mint(await grantFor(businessId, scope))).token;
}

/** The headers an MCP client sends after initialize; an `extra` header set to null is left out. */
export function mcpHeaders(
  token: string | undefined,
  extra: Record<string, string | null> = {},
): Record<string, string> {
  const headers: Record<string, string | null> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': LATEST,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...extra,
  };
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null));
}

export interface RpcBody {
  jsonrpc: '2.0';
  id: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data: Record<string, unknown> };
}

/** POSTs one raw body to the MCP endpoint. */
export function postRaw(
  token: string | undefined,
  body: string,
  headers: Record<string, string | null> = {},
): Promise<JsonResponse<RpcBody>> {
  return request<RpcBody>(mcpUrl(), { method: 'POST', headers: mcpHeaders(token, headers), body });
}

let nextId = 1;

/** One JSON-RPC request. */
export function rpc(
  token: string | undefined,
  method: string,
  params?: Record<string, unknown>,
  headers: Record<string, string | null> = {},
): Promise<JsonResponse<RpcBody>> {
  return postRaw(
    token,
    JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, ...(params ? { params } : {}) }),
    headers,
  );
}

export interface ToolResult {
  content: Array<{ type: string; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** tools/call that must be answered with HTTP 200 and a result (success or isError). */
export async function callTool(token: string, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  const response = await rpc(token, 'tools/call', { name, arguments: args });
  expect(response.status, response.text).to.equal(200);
  expect(response.body.error, response.text).to.equal(undefined);
  return response.body.result as unknown as ToolResult;
}

/** A successful tool result's structured content, checked against its text block. */
export async function callToolOk<T = Record<string, unknown>>(
  token: string,
  name: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const result = await callTool(token, name, args);
  expect(result.isError, result.content[0]?.text).to.equal(false);
  expect(result.content).to.have.length(1);
  expect(result.content[0]!.type).to.equal('text');
  expect(JSON.parse(result.content[0]!.text)).to.deep.equal(result.structuredContent);
  return result.structuredContent as T;
}

/** Expects a JSON-RPC error answer: HTTP status, JSON-RPC code and ErrorMessage code in data. */
export function expectRpcError(
  response: JsonResponse<RpcBody>,
  status: number,
  rpcCode: number,
  code: string,
): NonNullable<RpcBody['error']> {
  expect(response.status, response.text).to.equal(status);
  expect(response.headers.get('content-type')).to.match(/^application\/json/);
  expect(response.headers.get('cache-control')).to.equal('no-store');
  expect(response.body.jsonrpc).to.equal('2.0');
  expect(response.body.result).to.equal(undefined);
  const error = response.body.error!;
  expect(error.code, response.text).to.equal(rpcCode);
  expect(error.message).to.be.a('string').and.not.empty;
  expect(error.data.code, response.text).to.equal(code);
  expect(error.data.resolution).to.be.a('string').and.not.empty;
  return error;
}
