import { expect } from 'chai';
import { request, type JsonResponse } from '../helpers/http.ts';
import { mcpHeaders, mcpUrl, type RpcBody } from './fixtures.ts';
import { MODERN, modernMeta } from './modern-fixtures.ts';

/** Requests to the MCP endpoint's views (its path forms and X-MCP-* headers), in either era. */

export interface ListResult {
  tools: Array<{ name: string }>;
  _meta: { catalogue_revision: string; catalogue_hash: string; toolsets: Array<{ name: string; tools: string[] }> };
  /** 2026-07-28 only. */
  cacheScope?: string;
}

let nextId = 1;

/** One JSON-RPC request to the endpoint or one of its view paths, in the initialize era or in 2026-07-28. */
export function post(
  token: string | undefined,
  method: string,
  params: Record<string, unknown> = {},
  {
    path = '',
    headers = {},
    modern = false,
  }: { path?: string; headers?: Record<string, string>; modern?: boolean } = {},
): Promise<JsonResponse<RpcBody>> {
  const name: Record<string, string> = method === 'tools/call' ? { 'mcp-name': String(params.name) } : {};
  const era: Record<string, string> = modern ? { 'mcp-protocol-version': MODERN, 'mcp-method': method, ...name } : {};
  const body = { jsonrpc: '2.0', id: nextId++, method, params: modern ? { ...params, _meta: modernMeta() } : params };
  return request<RpcBody>(`${mcpUrl()}${path}`, {
    method: 'POST',
    headers: mcpHeaders(token, { ...era, ...headers }),
    body: JSON.stringify(body),
  });
}

export async function list(token: string, options: Parameters<typeof post>[3] = {}): Promise<ListResult> {
  const response = await post(token, 'tools/list', {}, options);
  expect(response.status, response.text).to.equal(200);
  return response.body.result as unknown as ListResult;
}
