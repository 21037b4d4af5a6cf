import Router from '@koa/router';
import type { AnyRouter } from '@trpc/server';
import Koa from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../../core/config.ts';
import { createContextInner, type Context, type Credentials } from '../../core/context.ts';
import type { Logger } from '../../core/logger.ts';
import type { CoreServices } from '../../core/services/index.ts';
import { oauthUrls } from '../../core/services/oauth/urls.ts';
import { appRouter, createCaller } from '../../core/routers/_app.ts';
import { internalApiRouter } from '../../core/routers/internal-api.ts';
import { mcpEndpoint } from '../mcp/endpoint.ts';
import { authorizationRoutes } from '../oauth/authorize.ts';
import { clientRegistrationRoutes } from '../oauth/registration.ts';
import { revocationRoutes } from '../oauth/revocation.ts';
import { tokenRoutes } from '../oauth/token.ts';
import { docsRoutes } from './docs.ts';
import { mediaOpenApiPaths, mediaRoutes, type CallerFor } from './media.ts';
import { envelope } from './middleware/envelope.ts';
import { jsonBody } from './middleware/json-body.ts';
import { buildOpenApiDocument } from './openapi/build-document.ts';
import { restRoutes } from './rest.ts';
import type { HttpState } from './state.ts';
import { trpcEndpoint } from './trpc-endpoint.ts';
import { wellKnownRoutes } from './well-known.ts';

export interface AppDependencies {
  config: Config;
  orm: MikroORM;
  services: CoreServices;
  log: Logger;
  /** The procedures the REST and MCP adapters map; tests may pass a router that extends appRouter. */
  router?: AnyRouter;
  /** The procedures /api/trpc serves (internalApiRouter); tests may pass one that extends it. */
  trpcRouter?: AnyRouter;
}

const API_PREFIX = '/api';
const TRPC_ENDPOINT = `${API_PREFIX}/trpc`;
/** The MCP resource ({base_url}/v1/mcp): it reads its own JSON-RPC bodies and answers JSON-RPC errors. */
const MCP_ENDPOINT = `${API_PREFIX}/v1/mcp`;
/** OAuth endpoints that take HTML form posts (RFC 6749: the token and revocation requests are form-encoded); they parse their own bodies. */
const OAUTH_FORM_ENDPOINTS = [`${API_PREFIX}/oauth/authorize`, `${API_PREFIX}/oauth/token`, `${API_PREFIX}/oauth/revoke`];

/** Where the service answers HTML pages to browsers (they get helmet's document headers): the API reference, the OAuth pages. */
const HTML_DOCUMENT_PATHS = [`${API_PREFIX}/docs`, `${API_PREFIX}/oauth/authorize`];

// RFC 6750 section 2.1: the scheme (case-insensitive), then exactly one b64token.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * The bearer token of an Authorization header. Anything else (another scheme, no token, two
 * tokens, characters outside b64token) is no credentials rather than an error: a procedure that
 * needs a principal then answers UNAUTHORIZED with its challenge, and public ones never care.
 */
export function bearerCredentials(header: string): Credentials {
  const match = BEARER.exec(header);
  return match ? { bearer: match[1]! } : {};
}

/** Composes the Koa app: the envelope (request id, logging, security headers, CORS, caching, errors), body limits, then the adapters. */
export function createApp({ config, orm, services, log, router = appRouter, trpcRouter = internalApiRouter }: AppDependencies): Koa<HttpState> {
  const urls = { site: config.siteUrl, base: config.baseUrl };
  const document = buildOpenApiDocument(router, urls, mediaOpenApiPaths(urls));
  const createContext = (ctx: Koa.ParameterizedContext<HttpState>): Context =>
    createContextInner({
      em: orm.em,
      log: () => ctx.state.log,
      urls,
      services,
      requestId: ctx.state.requestId,
      clientAddress: ctx.ip,
      credentials: bearerCredentials(ctx.get('Authorization')),
    });

  // Behind a trusted proxy, the client is the right-most X-Forwarded-For entry (the one our proxy
  // added); entries to its left are whatever the client chose to send.
  const app = new Koa<HttpState>({ proxy: config.trustProxy, maxIpsCount: 1 });
  // Errors are answered and logged by the envelope; Koa's default stderr printing would duplicate them.
  app.silent = true;

  const callerFor: CallerFor = (ctx) => createCaller(createContext(ctx));
  const docs = docsRoutes(document, API_PREFIX);
  const wellKnown = wellKnownRoutes(createContext);
  const media = mediaRoutes(callerFor, API_PREFIX);
  const rest = restRoutes({ router, prefix: API_PREFIX, createContext });
  const registration = clientRegistrationRoutes(createContext, API_PREFIX);
  const token = tokenRoutes(createContext, API_PREFIX);
  const revocation = revocationRoutes(createContext, API_PREFIX);
  const authorization = authorizationRoutes({ createContext, prefix: API_PREFIX, siteUrl: config.siteUrl, authorizationEndpoint: oauthUrls(urls).authorizationEndpoint });
  const mcp = mcpEndpoint({ router, endpoint: MCP_ENDPOINT, siteUrl: config.siteUrl, maxBodyBytes: config.maxBodyBytes, createContext });

  // Every route module's routes in one router: one match and one dispatch per request instead of a
  // routes() and an allowedMethods() layer per module, and 405/Allow computed over all of them.
  const routes = new Router<HttpState>();
  for (const module of [docs, wellKnown, media, registration, token, revocation, authorization, rest]) routes.use(module.routes());

  app
    .use(envelope({ log, siteUrl: config.siteUrl, documentPaths: HTML_DOCUMENT_PATHS }))
    .use(jsonBody({ limitBytes: config.maxBodyBytes, except: [TRPC_ENDPOINT, MCP_ENDPOINT, ...OAUTH_FORM_ENDPOINTS] }))
    .use(trpcEndpoint({ router: trpcRouter, endpoint: TRPC_ENDPOINT, maxBodyBytes: config.maxBodyBytes, maxBatchSize: config.trpcMaxBatchSize, createContext }))
    .use(mcp.middleware)
    .use(routes.routes())
    .use(routes.allowedMethods());
  return app;
}
