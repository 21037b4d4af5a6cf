import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { Context } from '../../core/context.ts';
import { createCaller } from '../../core/routers/_app.ts';
import type { HttpState } from './state.ts';

type Caller = ReturnType<typeof createCaller>;

/** The documents under {site_url}/.well-known/ and the procedure answering each. */
const documents: Array<[path: string, call: (caller: Caller) => Promise<unknown>]> = [
  ['/.well-known/oauth-authorization-server', (caller) => caller.oauth.getAuthorizationServerMetadata()],
  ['/.well-known/oauth-protected-resource', (caller) => caller.oauth.getProtectedResourceMetadata()],
  // RFC 9728 section 3.1: the resource's path ({base_url}/v1/mcp) inserted after the well-known name.
  ['/.well-known/oauth-protected-resource/api/v1/mcp', (caller) => caller.oauth.getProtectedResourceMetadata()],
];

/**
 * OAuth discovery at the site root (RFC 8414, RFC 9728), outside /api: each document comes from
 * its procedure through the caller, with the procedure's caching headers (public, one hour).
 * GET and HEAD only; other methods get 405 with Allow (the router's allowedMethods + the error handler).
 */
export function wellKnownRoutes(createContext: (ctx: ParameterizedContext<HttpState>) => Context): Router<HttpState> {
  const router = new Router<HttpState>();
  for (const [path, call] of documents) {
    router.get(path, async (ctx) => {
      const context = createContext(ctx);
      const document = await call(createCaller(context));
      ctx.status = 200;
      ctx.set(context.response.headers);
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(document);
    });
  }
  return router;
}
