import type { Context } from '../../core/context.ts';
import type { OAuthPrincipal } from '../../core/services/oauth/access-tokens.ts';
import { catalogueMeta, initializeResult } from './initialize.ts';
import { rpcError, rpcResult, type McpReply, type RequestId } from './json-rpc.ts';
import { callTool, type ToolCallDependencies } from './tool-call.ts';
import { toolsetsMeta } from './toolsets-meta.ts';

export type McpContext = Context & { principal: OAuthPrincipal };

export type Method = (
  id: RequestId,
  params: Record<string, unknown>,
  context: McpContext,
  dependencies: ToolCallDependencies,
) => Promise<McpReply> | McpReply;

const invalidParams = (id: RequestId, message: string) => rpcError(id, 'MCP_INVALID_PARAMS', message, { status: 200 });

/** The methods both eras share, with the same results: one catalogue, one tool call. */
export const toolMethods: Record<'tools/list' | 'tools/call', Method> = {
  'tools/list': (id, params, _context, { catalogue }) => {
    // One page holds the whole catalogue, so no cursor this server issued exists.
    if (params.cursor !== undefined)
      return invalidParams(id, 'Invalid cursor: tools/list answers every tool in one page and issues no cursors.');
    return rpcResult(id, {
      tools: catalogue.definitions,
      _meta: { ...catalogueMeta(catalogue), toolsets: toolsetsMeta(catalogue) },
    });
  },
  'tools/call': (id, params, context, dependencies) => callTool(id, params, context, dependencies),
};

/** The methods of the initialize era (2025-11-25 and before); everything else is -32601. */
const methods: Record<string, Method> = {
  initialize: (id, params, _context, { catalogue }) => {
    if (typeof params.protocolVersion !== 'string')
      return invalidParams(id, 'initialize needs params.protocolVersion (a string).');
    return rpcResult(id, initializeResult(params.protocolVersion, catalogue));
  },
  ping: (id) => rpcResult(id, {}),
  ...toolMethods,
};

/** Runs one JSON-RPC request. Stateless: every request stands alone, so no method depends on `initialize` having run. */
export function dispatch(
  id: RequestId,
  method: string,
  params: Record<string, unknown>,
  context: McpContext,
  dependencies: ToolCallDependencies,
): Promise<McpReply> | McpReply {
  const handler = Object.hasOwn(methods, method) ? methods[method]! : undefined;
  if (!handler)
    return rpcError(id, 'MCP_METHOD_NOT_FOUND', `Method not found: ${JSON.stringify(method.slice(0, 100))}.`, {
      status: 200,
    });
  return handler(id, params, context, dependencies);
}
