import { createMetricsRegistry, type MetricsRegistry } from '../../adapters/metrics/registry.ts';
import type { CoreServices } from '../../core/services/index.ts';
import { countedRateLimiters } from '../../core/services/rate-limit/counted-limiter.ts';
import type { Database } from '../../orm/database.ts';
import { poolProbe } from '../../orm/pool-probe.ts';

/** The metrics registry of one running service, reading its database's pool. */
export function composeMetrics(database: Database): MetricsRegistry {
  return createMetricsRegistry({ pool: poolProbe(database) });
}

/** The services, counting into `metrics`: core's port filled, and every budget counting its refusals. */
export function withMetrics(services: CoreServices, metrics: MetricsRegistry): CoreServices {
  const publicReads = services.caches.publicReads;
  metrics.watchPublicReadCache(() => publicReads.stats());
  return {
    ...services,
    metrics: metrics.service,
    rateLimiters: countedRateLimiters(services.rateLimiters, metrics.service),
  };
}
