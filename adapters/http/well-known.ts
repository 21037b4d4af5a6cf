import type { z } from 'zod';
import Router from '@koa/router';
import type { ProcedurePath } from '../../core/procedures/invoker.ts';
import type { ZGetProtectedResourceMetadataInput } from '../../core/routers/oauth/get-protected-resource-metadata.schema.ts';
import type { ProcedureAccess } from './procedure-access.ts';
import { requestFacts } from './request-facts.ts';
import type { HttpState, KoaCtx } from './state.ts';

type ProtectedResourceInput = NonNullable<z.infer<typeof ZGetProtectedResourceMetadataInput>>;

/** The documents under {site_url}/.well-known/ and the procedure answering each (it takes no input). */
const documents: ReadonlyArray<readonly [path: string, procedure: ProcedurePath]> = [
  ['/.well-known/oauth-authorization-server', 'protocols.oauth.metadata.getAuthorizationServerMetadata'],
  ['/.well-known/oauth-protected-resource', 'protocols.oauth.metadata.getProtectedResourceMetadata'],
  // RFC 9728 section 3.1: the resource's path ({base_url}/v1/mcp) inserted after the well-known name.
  ['/.well-known/oauth-protected-resource/api/v1/mcp', 'protocols.oauth.metadata.getProtectedResourceMetadata'],
  // The UCP business profile (the same document as {base_url}/v1/agent/ucp), and ACP's address, which
  // answers 404 ACP_NOT_SUPPORTED (ACP is not implemented here; core/services/ucp/acp.ts).
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
  /** A protected resource's metadata: an MCP view's, or the A2A resource's. */
  const resourceMetadata = async (ctx: KoaCtx, input: ProtectedResourceInput) => {
    const context = createContext(requestFacts(ctx));
    const document = await invoker.call('protocols.oauth.metadata.getProtectedResourceMetadata', input, context);
    ctx.status = 200;
    ctx.set(context.response.headers);
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(document);
  };
  // The views of the MCP endpoint (adapters/mcp/tool-view.ts), path-inserted like the endpoint itself.
  const view = (toolsets: string | undefined, readonly: boolean) => (ctx: KoaCtx) =>
    resourceMetadata(ctx, { toolsets: toolsets?.split(',').filter((name) => name.length > 0), readonly });
  const prefix = '/.well-known/oauth-protected-resource/api/v1/mcp';
  router.get(`${prefix}/readonly`, view(undefined, true));
  router.get(`${prefix}/x/:toolsets`, (ctx) => view(ctx.params.toolsets, false)(ctx));
  router.get(`${prefix}/x/:toolsets/readonly`, (ctx) => view(ctx.params.toolsets, true)(ctx));
  // The A2A endpoint ({base_url}/v1/agent/a2a) is a protected resource of its own (RFC 9728, path-inserted).
  router.get('/.well-known/oauth-protected-resource/api/v1/agent/a2a', (ctx) =>
    resourceMetadata(ctx, { resource: 'a2a' }),
  );
  return router;
}
