import cors from '@koa/cors';
import etag from '@koa/etag';
import type { AnyRouter } from '@trpc/server';
import Koa from 'koa';
import conditional from 'koa-conditional-get';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../../core/config.ts';
import { createContextInner, type Context } from '../../core/context.ts';
import type { Logger } from '../../core/logger.ts';
import { appRouter } from '../../core/routers/_app.ts';
import { docsRoutes } from './docs.ts';
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
  log: Logger;
  /** The procedures to serve; tests may pass a router that extends appRouter. */
  router?: AnyRouter;
}

const API_PREFIX = '/api';
const TRPC_ENDPOINT = `${API_PREFIX}/trpc`;

/** Composes the Koa app: request id, logging, security headers, errors, body limits, then the adapters. */
export function createApp({ config, orm, log, router = appRouter }: AppDependencies): Koa<HttpState> {
  const urls = { site: config.siteUrl, base: config.baseUrl };
  const document = buildOpenApiDocument(router, urls);
  const createContext = (ctx: Koa.ParameterizedContext<HttpState>): Context =>
    createContextInner({ em: orm.em, log: ctx.state.log, urls, requestId: ctx.state.requestId });

  const app = new Koa<HttpState>({ proxy: config.trustProxy });
  // Errors are answered and logged by errorHandler; Koa's default stderr printing would duplicate them.
  app.silent = true;

  const docs = docsRoutes(document, API_PREFIX);
  const rest = restRoutes({ router, document, prefix: API_PREFIX, createContext });

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
    .use(rest.routes())
    .use(rest.allowedMethods());
  return app;
}
