import cors from '@koa/cors';
import etag from '@koa/etag';
import type { AnyRouter } from '@trpc/server';
import Koa from 'koa';
import conditional from 'koa-conditional-get';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../../core/config.ts';
import { createContextInner, type Context, type Credentials } from '../../core/context.ts';
import type { Logger } from '../../core/logger.ts';
import type { CoreServices } from '../../core/services/index.ts';
import { appRouter, createCaller } from '../../core/routers/_app.ts';
import { clientRegistrationRoutes } from '../oauth/registration.ts';
import { docsRoutes } from './docs.ts';
import { mediaOpenApiPaths, mediaRoutes, type CallerFor } from './media.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { jsonBody } from './middleware/json-body.ts';
import { requestId } from './middleware/request-id.ts';
import { requestLog } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { buildOpenApiDocument } from './openapi/build-document.ts';
import { restRoutes } from './rest.ts';
import type { HttpState } from './state.ts';
import { trpcEndpoint } from './trpc-endpoint.ts';

export interface AppDependencies {
  config: Config;
  orm: MikroORM;
  services: CoreServices;
  log: Logger;
  /** The procedures to serve; tests may pass a router that extends appRouter. */
  router?: AnyRouter;
}

const API_PREFIX = '/api';
const TRPC_ENDPOINT = `${API_PREFIX}/trpc`;

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

/** Composes the Koa app: request id, logging, security headers, errors, body limits, then the adapters. */
export function createApp({ config, orm, services, log, router = appRouter }: AppDependencies): Koa<HttpState> {
  const urls = { site: config.siteUrl, base: config.baseUrl };
  const document = buildOpenApiDocument(router, urls, mediaOpenApiPaths(urls));
  const createContext = (ctx: Koa.ParameterizedContext<HttpState>): Context =>
    createContextInner({
      em: orm.em,
      log: ctx.state.log,
      urls,
      services,
      requestId: ctx.state.requestId,
      clientAddress: ctx.ip,
      credentials: bearerCredentials(ctx.get('Authorization')),
    });

  // Behind a trusted proxy, the client is the right-most X-Forwarded-For entry (the one our proxy
  // added); entries to its left are whatever the client chose to send.
  const app = new Koa<HttpState>({ proxy: config.trustProxy, maxIpsCount: 1 });
  // Errors are answered and logged by errorHandler; Koa's default stderr printing would duplicate them.
  app.silent = true;

  const callerFor: CallerFor = (ctx) => createCaller(createContext(ctx));
  const docs = docsRoutes(document, API_PREFIX);
  const media = mediaRoutes(callerFor, API_PREFIX);
  const rest = restRoutes({ router, prefix: API_PREFIX, createContext });
  const registration = clientRegistrationRoutes(createContext, API_PREFIX);

  app
    .use(requestId())
    .use(requestLog(log))
    .use(securityHeaders(config.siteUrl))
    .use(cors({ origin: '*', exposeHeaders: ['X-Request-Id', 'ETag', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'Allow'], maxAge: 600 }))
    .use(conditional())
    .use(etag())
    .use(errorHandler())
    .use(jsonBody({ limitBytes: config.maxBodyBytes, except: [TRPC_ENDPOINT] }))
    .use(trpcEndpoint({ router, endpoint: TRPC_ENDPOINT, maxBodyBytes: config.maxBodyBytes, createContext }))
    .use(docs.routes())
    .use(docs.allowedMethods())
    .use(media.routes())
    .use(media.allowedMethods())
    .use(registration.routes())
    .use(registration.allowedMethods())
    .use(rest.routes())
    .use(rest.allowedMethods());
  return app;
}
