import Router from '@koa/router';
import { AppError } from '../../core/errors/index.ts';
import { gaugeCache } from '../metrics/gauge-cache.ts';
import type { MetricsRegistry } from '../metrics/registry.ts';
import { scrapeAccess, type ScrapeAccessOptions } from '../metrics/scrape-access.ts';
import { noStore } from './no-store.ts';
import type { ProcedureAccess } from './procedure-access.ts';
import { bearerCredentials, requestFacts } from './request-facts.ts';
import type { HttpState, KoaCtx } from './state.ts';

export interface MetricsEndpointOptions extends ProcedureAccess, ScrapeAccessOptions {
  metrics: MetricsRegistry;
  /** "/api/metrics" */
  path: string;
}

/** How long the database gauges of one scrape serve the next ones: Prometheus scrapes every 15 s or so. */
const GAUGE_TTL_MS = 5_000;

/**
 * GET /api/metrics: the registry in the Prometheus text format, for whom scrapeAccess lets in; to
 * anyone else it is the 404 of a route that does not exist. Not in the OpenAPI document and on no
 * client's budget: it runs no budgeted procedure. The database gauges come from one procedure
 * (infrastructure.operations.getGauges), at most once per GAUGE_TTL_MS whatever the number of scrapes.
 */
export function metricsRoutes(options: MetricsEndpointOptions): Router<HttpState> {
  const { invoker, createContext, metrics } = options;
  const access = scrapeAccess(options);
  const refreshGauges = gaugeCache<KoaCtx>({
    ttlMs: GAUGE_TTL_MS,
    refresh: async (ctx) => {
      const gauges = await invoker.call(
        'infrastructure.operations.getGauges',
        undefined,
        createContext(requestFacts(ctx)),
      );
      metrics.setDatabaseGauges({
        pendingDeliveries: gauges.webhook_queue.pending_deliveries,
        unpublishedEvents: gauges.webhook_queue.unpublished_events,
        oldestUndeliveredSeconds: gauges.webhook_queue.oldest_undelivered_seconds,
        agentTasksStored: gauges.agent_tasks_stored,
        governmentSync: {
          lastSuccessSeconds: gauges.government_sync.last_success_seconds,
          watermarkSeconds: gauges.government_sync.watermark_seconds,
          requestsUsedToday: gauges.government_sync.requests_used_today,
          lastRun: gauges.government_sync.last_run,
          failures: gauges.government_sync.failures,
        },
      });
    },
    failed: (error, ctx) =>
      ctx.state.log.warn({ err: error }, 'the metrics could not read the database gauges; the last values stand'),
  });
  const routes = new Router<HttpState>();
  // Every method, so that to whom it is hidden, a POST is the same 404 as a GET (not a telling 405).
  routes.all(options.path, async (ctx, next) => {
    const decision = access({
      bearer: bearerCredentials(ctx.get('Authorization')).bearer,
      peer: ctx.req.socket.remoteAddress,
    });
    if (decision === 'hidden') return next();
    if (decision === 'wrong-token')
      throw new AppError('UNAUTHORIZED', "The bearer token is not this service's METRICS_TOKEN.", {
        headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      });
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD')
      throw new AppError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${options.path}; allowed: GET, HEAD.`, {
        headers: { Allow: 'GET, HEAD' },
      });
    await refreshGauges(ctx);
    noStore(ctx);
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
  return routes;
}
