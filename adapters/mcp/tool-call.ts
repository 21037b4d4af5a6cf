import type { Context } from '../../core/context.ts';
import { classifyError, validationErrorMessage, type ErrorMessage } from '../../core/errors/index.ts';
import type { ProcedureInvoker } from '../../core/procedures/invoker.ts';
import type { OAuthPrincipal } from '../../core/services/oauth/access-tokens.ts';
import { TOOL_CALL_BUDGET } from '../../core/trpc.ts';
import type { CatalogueTool, ToolCatalogue } from './catalogue.ts';
import { isObject, rpcError, rpcErrorFromMessage, rpcResult, type McpReply, type RequestId } from './json-rpc.ts';
import { scopeRequiredReply } from './scope-required.ts';

export interface ToolCallDependencies {
  catalogue: ToolCatalogue;
  /** Runs the tool's procedure by its path, with the request's context. */
  invoker: ProcedureInvoker;
  /**
   * Whether the catalogue is the same for every caller of this URL (`public`), or chosen by this
   * request's headers or narrowed by its token (`private`): 2026-07-28's cache hint for its lists.
   */
  cacheScope: 'public' | 'private';
}

type Outcome =
  | 'success'
  | 'tool_error'
  | 'invalid_arguments'
  | 'unknown_tool'
  | 'read_only'
  | 'not_grantable'
  | 'scope_required'
  | 'rate_limited'
  | 'failed';

/** A domain error (not found, conflict, a business rule) as the tool's result, for the agent to read and correct. */
function toolError(id: RequestId, error: ErrorMessage): McpReply {
  const text = `${error.code}: ${error.message}\n${error.resolution}`;
  return rpcResult(id, { content: [{ type: 'text', text }], isError: true });
}

/** The grant budget's RateLimit headers beside the reply's own (the step-up challenge). */
function withHeaders(reply: McpReply, headers: Record<string, string>): McpReply {
  return { ...reply, headers: { ...reply.headers, ...headers } };
}

/**
 * The grant budget's RateLimit headers, out of what the call put on the context (the tool's
 * procedure writes its own headers there too, which MCP does not answer).
 */
function budgetHeaders(context: Context): Record<string, string> {
  const { RateLimit: remaining, 'RateLimit-Policy': policy } = context.response.headers;
  return remaining === undefined || policy === undefined ? {} : { 'RateLimit-Policy': policy, RateLimit: remaining };
}

/**
 * tools/call: finds the tool, validates the arguments against its input schema (-32602 naming the
 * field), calls its procedure through the invoker as the token's principal, and answers the output
 * as `structuredContent` and as the same JSON in a text block. The procedure decides everything else:
 * its tenant base procedure checks the scope (refusal: HTTP 403 step-up, before anything is written),
 * its handler raises domain errors (answered as `isError` results). Unexpected failures are
 * JSON-RPC errors with the catalogue's 5xx status and a masked message.
 *
 * The one call spends a point of the grant's tool-call budget after the scope check and before the
 * tool runs (the tenant base procedure's middleware, MCP_TOOL_RATE_LIMIT_PER_MINUTE). Beyond it:
 * HTTP 429, a JSON-RPC error whose `data` is the RATE_LIMITED ErrorMessage, Retry-After, RateLimit
 * and RateLimit-Policy (the two RateLimit headers on every answer once the point is spent too). Like
 * the database outage, a JSON-RPC error and not an `isError` result: the tool did not run and the
 * agent must wait, not correct its arguments. A RATE_LIMITED thrown by the procedure itself (a
 * per-client budget of the procedure, after the point was spent) stays an `isError` result. Calls
 * refused before the call (bad params, unknown tool, invalid arguments) are not counted: they cost
 * no more than the refusal would, and an agent correcting its arguments should not spend its budget.
 * One info line per call: tool, business, client, duration, outcome; never the arguments.
 */
export async function callTool(
  id: RequestId,
  params: Record<string, unknown>,
  context: Context & { principal: OAuthPrincipal },
  { catalogue, invoker }: ToolCallDependencies,
): Promise<McpReply> {
  const started = performance.now();
  const name = params.name;
  const log = (outcome: Outcome, extra: Record<string, unknown> = {}) =>
    context.log.info(
      {
        mcp_tool: typeof name === 'string' ? name.slice(0, 100) : null,
        business_id: context.principal.businessId,
        client_id: context.principal.clientId,
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
        outcome,
        ...extra,
      },
      'mcp tool call',
    );

  if (typeof name !== 'string' || (params.arguments !== undefined && !isObject(params.arguments))) {
    log('invalid_arguments');
    return rpcError(
      id,
      'MCP_INVALID_PARAMS',
      'tools/call needs params.name (a string) and, optionally, params.arguments (an object).',
      { status: 200 },
    );
  }
  const tool = catalogue.find(name);
  if (!tool) return outsideView(id, name, catalogue, log);
  const args = (params.arguments as Record<string, unknown> | undefined) ?? {};
  const parsed = tool.input.safeParse(args);
  if (!parsed.success) {
    const invalid = validationErrorMessage(parsed.error.issues);
    log('invalid_arguments', { error_code: invalid.code });
    return rpcError(id, 'VALIDATION_FAILED', invalid.message, { status: 200, details: invalid.details });
  }
  return runTool(id, tool, args, context, invoker, log);
}

/**
 * A tool this connection does not see: a write hidden by read-only is refused as such (the agent must
 * not step up a token for it: the connection, not the scope, is the obstacle), and so is a write the
 * token can never be granted (a step-up would be refused too); a tool of another toolset or of no
 * toolset is unknown here. HTTP 200 as every refusal of a call that ran nothing.
 */
function outsideView(
  id: RequestId,
  name: string,
  catalogue: ToolCatalogue,
  log: (outcome: Outcome, extra?: Record<string, unknown>) => void,
): McpReply {
  const shown = JSON.stringify(name.slice(0, 100));
  const why = catalogue.excluded(name);
  if (why === 'read_only') {
    log('read_only', { error_code: 'MCP_TOOL_READ_ONLY' });
    return rpcError(id, 'MCP_TOOL_READ_ONLY', `The tool ${shown} writes, and this connection is read-only.`, {
      status: 200,
    });
  }
  if (why === 'not_grantable') {
    log('not_grantable', { error_code: 'MCP_TOOL_NOT_GRANTABLE' });
    return rpcError(
      id,
      'MCP_TOOL_NOT_GRANTABLE',
      `The tool ${shown} writes, and this connection can never be granted the scope it needs: its application did not register it, or your role in the business cannot consent to writes.`,
      { status: 200 },
    );
  }
  log('unknown_tool');
  const hint = why === 'not_selected' ? ' It is not in the toolsets or tools this connection chose.' : '';
  return rpcError(id, 'MCP_TOOL_NOT_FOUND', `Unknown tool: ${shown}.${hint}`, { status: 200 });
}

/** Runs the tool's procedure and answers its output, its domain error or its failure, with the grant budget's headers. */
async function runTool(
  id: RequestId,
  tool: CatalogueTool,
  args: Record<string, unknown>,
  context: Context & { principal: OAuthPrincipal },
  invoker: ProcedureInvoker,
  log: (outcome: Outcome, extra?: Record<string, unknown>) => void,
): Promise<McpReply> {
  try {
    // The procedure parses the arguments again with its own schema: defaults and trimming come from there, once.
    const output = await invoker.callPath(tool.path, tool.takesNoInput ? undefined : args, context);
    log('success');
    const reply = rpcResult(id, {
      content: [{ type: 'text', text: JSON.stringify(output) }],
      structuredContent: output as Record<string, unknown>,
      isError: false,
    });
    return withHeaders(reply, budgetHeaders(context));
  } catch (error) {
    const classified = classifyError(error, context.requestId);
    // Past the scope check but not the grant's budget: the budget refused the call, or its store
    // failed (the database gone: that propagates, as any failure outside a tool). The tool ran nothing.
    if (classified.body.code !== 'INSUFFICIENT_SCOPE' && !context.admitted.has(TOOL_CALL_BUDGET)) {
      if (classified.body.code !== 'RATE_LIMITED') throw error;
      log('rate_limited', { error_code: 'RATE_LIMITED' });
      return rpcErrorFromMessage(id, classified.body, classified.body.status, classified.headers);
    }
    return withHeaders(failedToolReply(id, tool, context, error, log), budgetHeaders(context));
  }
}

/** The answer of a tool call its procedure refused or failed. */
function failedToolReply(
  id: RequestId,
  tool: CatalogueTool,
  context: Context & { principal: OAuthPrincipal },
  error: unknown,
  log: (outcome: Outcome, extra?: Record<string, unknown>) => void,
): McpReply {
  const classified = classifyError(error, context.requestId);
  if (classified.body.code === 'INSUFFICIENT_SCOPE') {
    log('scope_required', { error_code: classified.body.code });
    return scopeRequiredReply(id, tool.access, context);
  }
  if (classified.body.status >= 500) {
    log('failed', { error_code: classified.body.code });
    if (classified.unexpected)
      context.log.error({ err: error, mcp_tool: tool.definition.name }, 'unexpected error in an MCP tool call');
    return rpcErrorFromMessage(id, classified.body, classified.body.status, classified.headers);
  }
  log('tool_error', { error_code: classified.body.code });
  return toolError(id, classified.body);
}
