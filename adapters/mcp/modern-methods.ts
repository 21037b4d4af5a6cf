import { discoverResult, CATALOGUE_TTL_MS } from './discover.ts';
import { rpcError, rpcResult, type McpReply, type RequestId } from './json-rpc.ts';
import { toolMethods, type McpContext, type Method } from './methods.ts';
import { asModernReply } from './modern-result.ts';
import { MODERN_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './protocol-version.ts';
import type { ToolCallDependencies } from './tool-call.ts';

/**
 * The methods of revision 2026-07-28: server/discover, and the two tool methods of the initialize
 * era, whose results are the same (tools/list adds the cache hints that revision requires).
 * initialize, notifications/initialized and ping do not exist in it.
 */
const methods: Record<string, Method> = {
  'server/discover': (id, _params, _context, { catalogue, cacheScope }) =>
    rpcResult(id, discoverResult(catalogue, cacheScope)),
  'tools/list': async (id, params, context, dependencies) => {
    const reply = await toolMethods['tools/list'](id, params, context, dependencies);
    if (!reply.body || !('result' in reply.body)) return reply;
    // A catalogue the URL alone names is the same for every caller: shared caches may keep it.
    return rpcResult(id, { ...reply.body.result, ttlMs: CATALOGUE_TTL_MS, cacheScope: dependencies.cacheScope });
  },
  'tools/call': toolMethods['tools/call'],
};

/**
 * A method this revision does not have: HTTP 404 with -32601, as its transport requires (the body
 * tells this endpoint from a path that hosts no MCP server). initialize is named, with the
 * revisions it does serve, for a client that mixed the two eras.
 */
function methodNotFound(id: RequestId, method: string): McpReply {
  const shown = JSON.stringify(method.slice(0, 100));
  const hint =
    method === 'initialize'
      ? ` ${MODERN_PROTOCOL_VERSION} has no initialize: send server/discover, tools/list or tools/call directly, or initialize without the ${MODERN_PROTOCOL_VERSION} headers and _meta to use one of ${SUPPORTED_PROTOCOL_VERSIONS.slice(1).join(', ')}.`
      : '';
  return rpcError(id, 'MCP_METHOD_NOT_FOUND', `Method not found in MCP ${MODERN_PROTOCOL_VERSION}: ${shown}.${hint}`, {
    status: 404,
  });
}

/** Runs one 2026-07-28 request (its headers and `_meta` already checked, request-era.ts) and answers in that revision's form. */
export async function dispatchModern(
  id: RequestId,
  method: string,
  params: Record<string, unknown>,
  context: McpContext,
  dependencies: ToolCallDependencies,
): Promise<McpReply> {
  const handler = Object.hasOwn(methods, method) ? methods[method]! : undefined;
  if (!handler) return methodNotFound(id, method);
  return asModernReply(await handler(id, params, context, dependencies));
}
