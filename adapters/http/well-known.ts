import Router from '@koa/router';
import type { ProcedurePath } from '../../core/procedures/invoker.ts';
import type { ProcedureAccess } from './procedure-access.ts';
import { requestFacts } from './request-facts.ts';
import type { HttpState, KoaCtx } from './state.ts';

/** The documents under {site_url}/.well-known/ and the procedure answering each (it takes no input). */
const documents: ReadonlyArray<readonly [path: string, procedure: ProcedurePath]> = [
  ['/.well-known/oauth-authorization-server', 'protocols.oauth.metadata.getAuthorizationServerMetadata'],
  ['/.well-known/oauth-protected-resource', 'protocols.oauth.metadata.getProtectedResourceMetadata'],
  // RFC 9728 section 3.1: the resource's path ({base_url}/v1/mcp) inserted after the well-known name.
  ['/.well-known/oauth-protected-resource/api/v1/mcp', 'protocols.oauth.metadata.getProtectedResourceMetadata'],
  // The UCP business profile (the same document as {base_url}/v1/agent/ucp) and the ACP discovery document.
  ['/.well-known/ucp', 'protocols.ucp.getProfile'],
  ['/.well-known/acp.json', 'protocols.ucp.getAcpDiscovery'],
];

/**
 * Discovery documents at the site root (OAuth: RFC 8414, RFC 9728; UCP; ACP), outside /api: each
 * document comes from its procedure through the invoker, with the procedure's caching headers.
 * GET and HEAD only; other methods get 405 with Allow (the router's allowedMethods + the error handler).
 */
export function wellKnownRoutes({ invoker, createContext }: ProcedureAccess): Router<HttpState> {
  const router = new Router<HttpState>();
  for (const [path, procedure] of documents) {
    router.get(path, async (ctx) => {
      const context = createContext(requestFacts(ctx));
      const document = await invoker.call(procedure, undefined, context);
      ctx.status = 200;
      ctx.set(context.response.headers);
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(document);
    });
  }
  // The views of the MCP endpoint (adapters/mcp/tool-view.ts), path-inserted like the endpoint itself.
  const view = (toolsets: string | undefined, readonly: boolean) => async (ctx: KoaCtx) => {
    const context = createContext(requestFacts(ctx));
    const input = { toolsets: toolsets?.split(',').filter((name) => name.length > 0), readonly };
    const document = await invoker.call('protocols.oauth.metadata.getProtectedResourceMetadata', input, context);
    ctx.status = 200;
    ctx.set(context.response.headers);
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(document);
  };
  const prefix = '/.well-known/oauth-protected-resource/api/v1/mcp';
  router.get(`${prefix}/readonly`, view(undefined, true));
  router.get(`${prefix}/x/:toolsets`, (ctx) => view(ctx.params.toolsets, false)(ctx));
  router.get(`${prefix}/x/:toolsets/readonly`, (ctx) => view(ctx.params.toolsets, true)(ctx));
  return router;
}
