import type { Middleware } from 'koa';
import { unreachableWrites } from '../../core/auth/scopes.ts';
import { classifyError } from '../../core/errors/index.ts';
import type { ProcedureAccess } from '../http/procedure-access.ts';
import { requestFacts } from '../http/request-facts.ts';
import { readBody } from '../json-rpc/read-body.ts';
import { sendAnswer } from '../json-rpc/send-answer.ts';
import { transportRequest } from '../json-rpc/transport-request.ts';
import type { HttpState, KoaCtx } from '../http/state.ts';
import { authenticateMcp } from './authenticate.ts';
import { buildToolCatalogue, type ToolCatalogue } from './catalogue.ts';
import { parseEnvelope } from './envelope.ts';
import { mcpOperation } from './operation-label.ts';
import { refusalReply, rpcErrorFromMessage, type McpReply } from './json-rpc.ts';
import { dispatch } from './methods.ts';
import { dispatchModern } from './modern-methods.ts';
import { asModernReply } from './modern-result.ts';
import { claimsModernEra } from './protocol-version.ts';
import { resolveRequestEra } from './request-era.ts';
import { parseToolView, viewPath } from './tool-view.ts';
import {
  checkAccept,
  checkContentType,
  checkMethod,
  checkOrigin,
  checkProtocolVersion,
  type OriginPolicy,
} from './transport-checks.ts';
import { viewChallenge } from './view-challenge.ts';

/** The invoker's procedures with `tool` meta are the tools. */
export interface McpEndpointOptions extends ProcedureAccess {
  /** "/api/v1/mcp" */
  endpoint: string;
  maxBodyBytes: number;
  /** Page origins accepted besides the site's (transport-checks.ts). */
  origins: OriginPolicy;
}

export interface McpEndpoint {
  middleware: Middleware<HttpState>;
  catalogue: ToolCatalogue;
}

/** Writes the answer: never stored by a cache (no-store before the answer's own headers, as MCP clients always got it). */
function send(ctx: KoaCtx, reply: McpReply): void {
  // JSON-RPC errors mostly answer 200: the metrics read their code here (a tool's own error is a result).
  const errorCode = reply.body && 'error' in reply.body ? reply.body.error.data.code : undefined;
  const body = reply.body === undefined ? undefined : JSON.stringify(reply.body);
  sendAnswer(ctx, { status: reply.status, headers: reply.headers, body, errorCode }, { noStore: 'before-headers' });
}

/**
 * The MCP resource over Streamable HTTP, stateless and answering JSON only, in two eras on one URL:
 * revision 2026-07-28 (no initialize, the revision in headers and `_meta` of every request) and
 * 2025-11-25 with the two before it (initialize). Transport checks (method, Origin, Accept,
 * Content-Type, MCP-Protocol-Version), the OAuth bearer token, one JSON-RPC message, its era
 * (request-era.ts), then the method in that era's form. Tools are the procedures with `tool` meta, called
 * through the procedure invoker as the token's principal; this adapter holds no domain logic.
 * The catalogue (with its JSON Schemas and hash) is built once, here, when the app is composed; the
 * view a connection chose (its URL path and X-MCP-* headers, tool-view.ts) narrows it per request.
 */
export function mcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const { invoker } = options;
  const whole = buildToolCatalogue(invoker.procedures);
  const toolNames = whole.everyToolName;
  const toolSet = new Set(toolNames);

  const handle = async (ctx: KoaCtx, suffix: string): Promise<McpReply> => {
    const request = transportRequest(ctx);
    const refused =
      checkMethod(request) ??
      checkOrigin(request, ctx.state.urls.site, options.origins) ??
      checkAccept(request) ??
      checkContentType(request) ??
      checkProtocolVersion(request);
    if (refused) return refused;
    const chosen = parseToolView(suffix, request, toolNames);
    if ('reply' in chosen) return chosen.reply;
    const catalogue = whole.view(chosen.view);

    const base = options.createContext(requestFacts(ctx));
    const authenticated = await authenticateMcp(base, viewChallenge(base, chosen.view, catalogue));
    if ('reply' in authenticated) return authenticated.reply;

    const body = await readBody(ctx, options.maxBodyBytes, 'MCP_INVALID_REQUEST');
    if ('refusal' in body) return refusalReply(body.refusal);
    const envelope = parseEnvelope(body.text);
    if ('reply' in envelope) return envelope.reply;
    const { message } = envelope;
    // Notifications of either era (2026-07-28 defines none over HTTP, so none needs its headers) and responses.
    if (message.kind === 'accepted') return { status: 202 };
    const { id, method, params } = message;
    ctx.state.operation = mcpOperation(method, params, toolSet);
    const era = resolveRequestEra(request, id, method, params);
    if ('reply' in era) return era.reply;
    const { principal } = authenticated;
    const context = { ...base, principal };
    // Write tools no step-up of this grant could reach are not offered (the client's registration, the member's role).
    const withheld = unreachableWrites(principal).filter((access) =>
      catalogue.tools.some((tool) => tool.access === access),
    );
    const offered = withheld.length > 0 ? whole.view({ ...chosen.view, withheld }) : catalogue;
    const cacheScope = chosen.byHeader || offered !== catalogue ? 'private' : 'public';
    const serveIn = era.era === 'modern' ? dispatchModern : dispatch;
    return serveIn(id, method, params, context, { catalogue: offered, invoker, cacheScope });
  };

  const serve = async (ctx: KoaCtx, suffix: string): Promise<void> => {
    let reply: McpReply;
    try {
      reply = await handle(ctx, suffix);
    } catch (error) {
      // Only failures outside a tool call get here (token verification reaching a lost database, a bug).
      const classified = classifyError(error, ctx.state.requestId);
      if (classified.unexpected) ctx.state.log.error({ err: error }, 'unexpected error on the MCP endpoint');
      reply = rpcErrorFromMessage(null, classified.body, classified.body.status, classified.headers);
      // A request that names 2026-07-28 gets that revision's codes even when it failed before its era was resolved.
      const version = ctx.get('mcp-protocol-version');
      if (version && claimsModernEra(version)) reply = asModernReply(reply);
    }
    send(ctx, reply);
  };
  // Not async itself: every other request passes through without a promise of its own.
  const middleware: Middleware<HttpState> = (ctx, next) => {
    // The endpoint and its views (/x/{toolsets}, /readonly): one resource, each view a narrower tool list.
    const suffix = viewPath(ctx.path, options.endpoint);
    return suffix === undefined ? next() : serve(ctx, suffix);
  };
  return { middleware, catalogue: whole };
}
