import type { Middleware } from 'koa';
import { errorCatalogue } from '../../../core/errors/index.ts';
import type { MetricsRegistry, Protocol, RequestObservation } from '../../metrics/registry.ts';
import type { HttpState, KoaCtx } from '../state.ts';

export interface RequestMetricsOptions {
  metrics: MetricsRegistry;
  /** "/api/trpc", and the procedures it serves (any other name is counted as `(unknown)`). */
  trpc: { endpoint: string; procedures: ReadonlySet<string> };
  /** "/api/v1/mcp" (its views below it count as the endpoint). */
  mcpEndpoint: string;
  a2aEndpoint: string;
  /** Route templates under it are OAuth endpoints ("/api/oauth/"). */
  oauthPrefix: string;
}

/** What stands for a name outside the known set, so no client can add a series. */
const UNKNOWN = '(unknown)';
const BATCH = '(batch)';
const UNMATCHED = '(unmatched)';

function catalogueCode(value: unknown): string | undefined {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value) ? value : undefined;
}

/** The error code of an answer: what an adapter noted, or the ErrorMessage body the envelope wrote. */
function errorCodeOf(ctx: KoaCtx): string | undefined {
  const noted = catalogueCode(ctx.state.errorCode);
  if (noted) return noted;
  if (ctx.status < 400) return undefined;
  const body = ctx.body as { code?: unknown } | null | undefined;
  return (typeof body === 'object' && body !== null && catalogueCode(body.code)) || undefined;
}

/**
 * Counts and times every answered request (metrics/registry.ts) with bounded labels only: the
 * router's route template (ctx._matchedRoute), never the path; a fixed protocol; an operation name
 * from the set its adapter serves; an error code from the catalogue. Outside the envelope, so it
 * sees the final status of every answer, errors included.
 */
export function requestMetrics(options: RequestMetricsOptions): Middleware<HttpState> {
  const trpcUnder = `${options.trpc.endpoint}/`;
  const mcpUnder = `${options.mcpEndpoint}/`;

  const labels = (ctx: KoaCtx): Pick<RequestObservation, 'protocol' | 'route' | 'operation'> => {
    const { path } = ctx;
    if (path === options.trpc.endpoint || path.startsWith(trpcUnder)) {
      const called = path.slice(trpcUnder.length);
      const operation = called.includes(',') ? BATCH : options.trpc.procedures.has(called) ? called : UNKNOWN;
      return { protocol: 'trpc', route: options.trpc.endpoint, operation };
    }
    if (path === options.mcpEndpoint || path.startsWith(mcpUnder))
      return { protocol: 'mcp', route: options.mcpEndpoint, operation: ctx.state.operation ?? '' };
    if (path === options.a2aEndpoint)
      return { protocol: 'a2a', route: options.a2aEndpoint, operation: ctx.state.operation ?? '' };
    const template = (ctx as { _matchedRoute?: unknown })._matchedRoute;
    if (typeof template !== 'string') return { protocol: 'http', route: UNMATCHED, operation: '' };
    const protocol: Protocol = template.startsWith(options.oauthPrefix) ? 'oauth' : 'rest';
    return { protocol, route: template, operation: '' };
  };

  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      options.metrics.observeRequest({
        ...labels(ctx),
        status: ctx.status,
        errorCode: errorCodeOf(ctx),
        seconds: (performance.now() - started) / 1000,
      });
    }
  };
}
