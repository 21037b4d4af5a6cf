import Router from '@koa/router';
import type { AnyRouter } from '@trpc/server';
import Koa from 'koa';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import { perSite } from '../core/per-site.ts';
import { listProcedures } from '../core/procedures/introspection.ts';
import { a2aEndpoint } from './a2a/endpoint.ts';
import { a2aOpenApiPaths } from './a2a/openapi.ts';
import { mcpEndpoint } from './mcp/endpoint.ts';
import { authorizationRoutes } from './oauth/authorize.ts';
import { clientRegistrationRoutes } from './oauth/registration.ts';
import { revocationRoutes } from './oauth/revocation.ts';
import { tokenRoutes } from './oauth/token.ts';
import type { MetricsRegistry } from './metrics/registry.ts';
import { paidReferenceOpenApiPaths } from './x402/openapi.ts';
import { paidReferenceRoutes } from './x402/paid-reference.ts';
import { docsRoutes } from './http/docs.ts';
import type { LandingFacts } from './http/landing/landing-page.ts';
import { landingRoutes } from './http/landing/landing-routes.ts';
import { mediaOpenApiPaths, mediaRoutes } from './http/media.ts';
import { metricsRoutes } from './http/metrics-endpoint.ts';
import { envelope } from './http/middleware/envelope.ts';
import { jsonBody } from './http/middleware/json-body.ts';
import { requestMetrics } from './http/middleware/request-metrics.ts';
import { buildOpenApiDocument } from './http/openapi/build-document.ts';
import type { ProcedureAccess } from './http/procedure-access.ts';
import { restRoutes } from './http/rest.ts';
import { siteUrlsResolver } from './http/site-urls.ts';
import type { HttpState } from './http/state.ts';
import { trpcEndpoint } from './http/trpc-endpoint.ts';
import { wellKnownRoutes } from './http/well-known.ts';

/**
 * What the composition root (scripts/compose/) hands the app: the configuration, the logger,
 * the invoker of the procedures REST, MCP, OAuth and the other adapters run (its router is what
 * the OpenAPI document describes), the factory of a request's context, and the router /api/trpc serves.
 */
export interface AppDependencies extends ProcedureAccess {
  config: Config;
  log: Logger;
  /** What /api/trpc serves (internalApiRouter; tests may pass one that extends it). */
  trpcRouter: AnyRouter;
  /** What the landing page at / says beyond the discovery index (the demo owner's e-mail on a development start). */
  landing?: LandingFacts;
  /** The service's metrics registry: requests are counted into it and GET /api/metrics serves it. */
  metrics: MetricsRegistry;
}

const API_PREFIX = '/api';
const TRPC_ENDPOINT = `${API_PREFIX}/trpc`;
/** The MCP resource ({base_url}/v1/mcp): it reads its own JSON-RPC bodies and answers JSON-RPC errors. */
const MCP_ENDPOINT = `${API_PREFIX}/v1/mcp`;
/** The A2A agent ({base_url}/v1/agent/a2a): its card on GET, JSON-RPC on POST; it reads its own bodies. */
const A2A_ENDPOINT = `${API_PREFIX}/v1/agent/a2a`;
/** The Prometheus scrape (metrics-endpoint.ts): not in the OpenAPI document, open to loopback or METRICS_TOKEN only. */
const METRICS_PATH = `${API_PREFIX}/metrics`;
/** OAuth endpoints that take HTML form posts (RFC 6749: the token and revocation requests are form-encoded); they parse their own bodies. */
const OAUTH_FORM_ENDPOINTS = [
  `${API_PREFIX}/oauth/authorize`,
  `${API_PREFIX}/oauth/token`,
  `${API_PREFIX}/oauth/revoke`,
];

/** Where the service answers HTML pages to browsers (they get helmet's document headers): the API reference, the OAuth pages. */
const HTML_DOCUMENT_PATHS = [`${API_PREFIX}/docs`, `${API_PREFIX}/oauth/authorize`];

/** Composes the Koa app: the envelope (request id, logging, security headers, CORS, caching, errors), body limits, then the adapters. */
export function createApp({
  config,
  log,
  invoker,
  createContext,
  trpcRouter,
  landing = {},
  metrics,
}: AppDependencies): Koa<HttpState> {
  const urls = { site: config.siteUrl, base: config.baseUrl };
  const documentFor = perSite((site) =>
    buildOpenApiDocument(invoker, site, {
      ...mediaOpenApiPaths(site),
      ...a2aOpenApiPaths(),
      ...paidReferenceOpenApiPaths(),
    }),
  );

  // Behind a trusted proxy, the client is the right-most X-Forwarded-For entry (the one our proxy
  // added); entries to its left are whatever the client chose to send.
  const app = new Koa<HttpState>({ proxy: config.trustProxy, maxIpsCount: 1 });
  // Errors are answered and logged by the envelope; Koa's default stderr printing would duplicate them.
  app.silent = true;

  const access = { invoker, createContext };
  const routeOptions = { ...access, prefix: API_PREFIX };
  const docs = docsRoutes(documentFor, API_PREFIX);
  const wellKnown = wellKnownRoutes(access);
  const media = mediaRoutes(routeOptions);
  const rest = restRoutes(routeOptions);
  const registration = clientRegistrationRoutes(routeOptions);
  const token = tokenRoutes(routeOptions);
  const revocation = revocationRoutes(routeOptions);
  const authorization = authorizationRoutes({ ...routeOptions, siteUrl: config.siteUrl });
  const mcp = mcpEndpoint({
    ...access,
    endpoint: MCP_ENDPOINT,
    maxBodyBytes: config.maxBodyBytes,
    origins: { allowed: config.mcpAllowedOrigins, loopbackPages: !config.siteUrlConfigured },
  });
  metrics.watchCaches(() => [{ cache: 'mcp_tool_views', ...mcp.catalogue.viewsKept() }]);
  const paidReference = paidReferenceRoutes(routeOptions);
  const scrape = metricsRoutes({
    ...access,
    metrics,
    path: METRICS_PATH,
    token: config.metrics.token,
    trustProxy: config.trustProxy,
  });
  const a2a = a2aEndpoint({
    ...access,
    urls,
    prefix: API_PREFIX,
    maxBodyBytes: config.maxBodyBytes,
    streamKeepAliveMs: config.a2aStreams.keepAliveMs,
  });

  // Every route module's routes in one router: one match and one dispatch per request instead of a
  // routes() and an allowedMethods() layer per module, and 405/Allow computed over all of them.
  const routes = new Router<HttpState>();
  for (const module of [
    landingRoutes(access, landing),
    docs,
    wellKnown,
    a2a.cardRoutes,
    media,
    registration,
    token,
    revocation,
    authorization,
    paidReference,
    rest,
    scrape,
  ])
    routes.use(module.routes());

  app
    .use(
      requestMetrics({
        metrics,
        trpc: { endpoint: TRPC_ENDPOINT, procedures: new Set(listProcedures(trpcRouter).map((entry) => entry.path)) },
        mcpEndpoint: MCP_ENDPOINT,
        a2aEndpoint: A2A_ENDPOINT,
        oauthPrefix: `${API_PREFIX}/oauth/`,
      }),
    )
    .use(
      envelope({
        log,
        siteUrl: config.siteUrl,
        siteUrls: siteUrlsResolver(config),
        documentPaths: HTML_DOCUMENT_PATHS,
      }),
    )
    .use(
      jsonBody({
        limitBytes: config.maxBodyBytes,
        except: [TRPC_ENDPOINT, MCP_ENDPOINT, A2A_ENDPOINT, ...OAUTH_FORM_ENDPOINTS],
      }),
    )
    .use(
      trpcEndpoint({
        router: trpcRouter,
        endpoint: TRPC_ENDPOINT,
        maxBodyBytes: config.maxBodyBytes,
        maxBatchSize: config.trpcMaxBatchSize,
        createContext,
      }),
    )
    .use(mcp.middleware)
    .use(a2a.middleware)
    .use(routes.routes())
    .use(routes.allowedMethods());
  return app;
}
