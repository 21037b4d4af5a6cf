import type { JsonResponse } from '../helpers/http.ts';
import { postRaw, type RpcBody } from './fixtures.ts';

/** The stateless revision the MCP endpoint serves beside 2025-11-25. */
export const MODERN = '2026-07-28';

/** The `_meta` every 2026-07-28 request carries. */
export function modernMeta(version = MODERN): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientInfo': { name: 'raw-http-test', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
}

let nextId = 1;

/**
 * One 2026-07-28 request as a conforming client sends it: `_meta` in the params, and the mirrored
 * headers (MCP-Protocol-Version, Mcp-Method, Mcp-Name for tools/call) taken from the body. `headers`
 * overrides them (null leaves one out); `meta` replaces the `_meta` (null leaves it out).
 */
export function modernRpc(
  token: string | undefined,
  method: string,
  params: Record<string, unknown> = {},
  options: { headers?: Record<string, string | null>; meta?: Record<string, unknown> | null; id?: number } = {},
): Promise<JsonResponse<RpcBody>> {
  const meta = options.meta === undefined ? modernMeta() : options.meta;
  const body = {
    jsonrpc: '2.0',
    id: options.id ?? nextId++,
    method,
    params: { ...params, ...(meta ? { _meta: meta } : {}) },
  };
  const name: Record<string, string> =
    method === 'tools/call' && typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  return postRaw(token, JSON.stringify(body), {
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
    ...name,
    ...options.headers,
  });
}
