import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CacheSizeSource } from '../../core/services/cache-sizes.ts';
import type { ServiceMetrics } from '../../core/services/metrics/metrics-port.ts';
import type { PublicReadCacheStats } from '../../core/services/public-cache/public-read-cache.ts';
import type { PoolProbe } from '../../orm/pool-probe.ts';

/** Every family's name starts with it (Prometheus naming: one namespace per application). */
const PREFIX = 'fsa_';

/** The protocols a request is counted under; anything else that answered is `http` (docs, media, unmatched). */
export type Protocol = 'rest' | 'trpc' | 'mcp' | 'a2a' | 'oauth' | 'http';

/** One answered request, with labels already bounded by the caller (request-metrics.ts). */
export interface RequestObservation {
  protocol: Protocol;
  /** The route template (`/api/v1/directory/public/{slug}` as the router declared it), never the raw path. */
  route: string;
  /** The tRPC procedure, MCP tool or method, A2A method: a known name or a fixed placeholder; '' for the rest. */
  operation: string;
  status: number;
  /** The catalogue code of an error answer. */
  errorCode: string | undefined;
  seconds: number;
}

/** What the database holds, from the infrastructure.operations.getGauges procedure. */
interface DatabaseGauges {
  pendingDeliveries: number;
  unpublishedEvents: number;
  oldestUndeliveredSeconds: number;
  agentTasksStored: number;
  /** The SAM.gov sync (infrastructure.operations.getGauges' government_sync). */
  governmentSync?: {
    lastSuccessSeconds: number;
    watermarkSeconds: number;
    requestsUsedToday: number;
    lastRun: Record<string, number>;
    failures: number;
  };
}

export interface MetricsRegistry {
  registry: Registry;
  /** The port core counts through (CoreServices.metrics). */
  service: ServiceMetrics;
  observeRequest(observation: RequestObservation): void;
  setDatabaseGauges(gauges: DatabaseGauges): void;
  /** Reports the public read cache (CoreServices.caches.publicReads) at every scrape. */
  watchPublicReadCache(stats: () => PublicReadCacheStats): void;
  /** Reports these caches' sizes and bounds at every scrape (fsa_cache_entries, fsa_cache_limit). */
  watchCaches(source: CacheSizeSource): void;
}

// Fast reads answer in about a millisecond: the default buckets would put them all in the first one.
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WAIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];

/** One gauge per in-process cache or queue: entries now and the bound, read from the sources at each scrape. */
function cacheFamilies(registry: Registry, sources: CacheSizeSource[]): void {
  const read = () => sources.flatMap((source) => source());
  new Gauge({
    name: `${PREFIX}cache_entries`,
    help: 'Entries an in-process cache or queue holds now, by cache (docs/operations.md, Memory).',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      for (const { cache, entries } of read()) this.set({ cache }, entries);
    },
  });
  new Gauge({
    name: `${PREFIX}cache_limit`,
    help: 'The most entries an in-process cache or queue holds, by cache: fsa_cache_entries never exceeds it.',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      for (const { cache, limit } of read()) this.set({ cache }, limit);
    },
  });
}

function poolFamilies(registry: Registry, pool: PoolProbe): void {
  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'Database pool connections by state: used (lent out), free (idle), pending_create (being opened).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const now = pool.snapshot();
      this.set({ state: 'used' }, now.used);
      this.set({ state: 'free' }, now.free);
      this.set({ state: 'pending_create' }, now.pendingCreates);
    },
  });
  new Gauge({
    name: `${PREFIX}db_pool_max_connections`,
    help: 'The most connections the pool opens (DB_POOL_MAX; 1 on the embedded database).',
    registers: [registry],
    collect() {
      this.set(pool.max);
    },
  });
  new Gauge({
    name: `${PREFIX}db_pool_waiting_requests`,
    help: 'Queries waiting for a pool connection now.',
    registers: [registry],
    collect() {
      this.set(pool.snapshot().pendingAcquires);
    },
  });
  const wait = new Histogram({
    name: `${PREFIX}db_pool_acquire_wait_seconds`,
    help: 'How long a query waited for a pool connection.',
    buckets: WAIT_BUCKETS,
    registers: [registry],
  });
  pool.onAcquireWait((seconds) => wait.observe(seconds));
}

/** The public read cache's counts (as counters, read at each scrape) and its size. */
function publicReadCacheFamilies(registry: Registry, stats: () => PublicReadCacheStats): void {
  const counted = (name: string, help: string, read: (now: PublicReadCacheStats) => number) =>
    new Counter({
      name: `${PREFIX}public_cache_${name}_total`,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read(stats()));
      },
    });
  const gauged = (name: string, help: string, read: (now: PublicReadCacheStats) => number) =>
    new Gauge({
      name: `${PREFIX}public_cache_${name}`,
      help,
      registers: [registry],
      collect() {
        this.set(read(stats()));
      },
    });
  counted('hits', 'Public list and detail answers served from the read cache.', (now) => now.hits);
  counted(
    'misses',
    'Public list and detail answers computed (not in the read cache, expired or invalidated).',
    (now) => now.misses,
  );
  counted(
    'evictions',
    'Read-cache entries dropped to stay within PUBLIC_CACHE_MAX_BYTES (least recently used first).',
    (now) => now.evictions,
  );
  counted(
    'invalidations',
    "Read-cache area invalidations: a write notified by the database, this instance's own write, a changed version, a notification gap.",
    (now) => now.invalidations,
  );
  gauged('entries', 'Answers in the public read cache now.', (now) => now.entries);
  gauged(
    'bytes',
    "Bytes the public read cache counts now (keys and answers' JSON, plus a fixed overhead per entry).",
    (now) => now.bytes,
  );
  gauged('max_bytes', "The public read cache's limit (PUBLIC_CACHE_MAX_BYTES; 0: off).", (now) => now.maxBytes);
}

/**
 * One Prometheus registry per running service (tests run several services in one process, so never
 * prom-client's global one), with every family an operator reads: requests and their latency by
 * protocol and route, error codes, budget refusals, the database pool, the webhook queue and its
 * attempts, payments, stored A2A tasks, and Node's process metrics (event-loop delay among them).
 */
export function createMetricsRegistry(options: { pool: PoolProbe }): MetricsRegistry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: `${PREFIX}requests_total`,
    help: 'Requests answered, by protocol, route template, operation (tRPC procedure, MCP tool or method, A2A method) and HTTP status.',
    labelNames: ['protocol', 'route', 'operation', 'status'],
    registers,
  });
  const durations = new Histogram({
    name: `${PREFIX}request_duration_seconds`,
    help: 'Time from the request arriving to its answer being written, by protocol, route template and operation.',
    labelNames: ['protocol', 'route', 'operation'],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const errors = new Counter({
    name: `${PREFIX}error_responses_total`,
    help: 'Error answers by protocol and error code (the catalogue code in the ErrorMessage, also inside JSON-RPC errors).',
    labelNames: ['protocol', 'code'],
    registers,
  });
  const refusals = new Counter({
    name: `${PREFIX}rate_limit_refusals_total`,
    help: 'Requests a budget refused (RATE_LIMITED), by budget.',
    labelNames: ['budget'],
    registers,
  });
  const attempts = new Counter({
    name: `${PREFIX}webhook_attempts_total`,
    help: 'Webhook attempts recorded, by what they left the delivery in: delivered, retrying, failed.',
    labelNames: ['outcome'],
    registers,
  });
  const payments = new Counter({
    name: `${PREFIX}payments_total`,
    help: 'Paid-reference payments by outcome: settled, failed (refused naming a transaction), unknown (no answer from the facilitator), released (nothing settled).',
    labelNames: ['outcome'],
    registers,
  });
  const queueDepth = new Gauge({
    name: `${PREFIX}webhook_queue_depth`,
    help: 'Webhook events waiting: stage="delivery" pending deliveries, stage="outbox" events not yet fanned out (each counted up to 10000).',
    labelNames: ['stage'],
    registers,
  });
  const oldest = new Gauge({
    name: `${PREFIX}webhook_oldest_undelivered_seconds`,
    help: 'Age of the oldest webhook event not yet delivered; 0 when none waits.',
    registers,
  });
  const tasks = new Gauge({
    name: `${PREFIX}a2a_tasks_stored`,
    help: 'A2A tasks stored (exact up to 10000, the planner estimate beyond).',
    registers,
  });
  const samLastSuccess = new Gauge({
    name: `${PREFIX}sam_sync_last_success_timestamp_seconds`,
    help: 'Unix time of the last successful SAM.gov sync; 0 before the first.',
    registers,
  });
  const samWatermark = new Gauge({
    name: `${PREFIX}sam_sync_watermark_timestamp_seconds`,
    help: 'The SAM.gov sync watermark (UTC midnight of the last posted day fully committed); 0 before the first run.',
    registers,
  });
  const samRequests = new Gauge({
    name: `${PREFIX}sam_sync_requests_used_today`,
    help: 'Requests to SAM.gov reserved on the current UTC day, all processes (against SAM_DAILY_REQUEST_BUDGET).',
    registers,
  });
  const samLastRun = new Gauge({
    name: `${PREFIX}sam_sync_last_run_notices`,
    help: 'The last finished SAM.gov run by count: fetched, inserted, updated, unchanged, deactivated, descriptions_fetched.',
    labelNames: ['count'],
    registers,
  });
  const samFailures = new Gauge({
    name: `${PREFIX}sam_sync_failed_runs`,
    help: 'SAM.gov sync runs that failed (upstream errors, a refused key), all processes, since the state table was created.',
    registers,
  });
  poolFamilies(registry, options.pool);
  const cacheSources: CacheSizeSource[] = [];
  cacheFamilies(registry, cacheSources);

  // Every outcome at zero from the start: a rate() over a series that appears late misses its first increase.
  for (const outcome of ['delivered', 'retrying', 'failed']) attempts.inc({ outcome }, 0);
  for (const outcome of ['settled', 'failed', 'settlement_pending', 'released']) payments.inc({ outcome }, 0);

  return {
    registry,
    watchPublicReadCache: (stats) => publicReadCacheFamilies(registry, stats),
    service: {
      paymentOutcome: (outcome) => payments.inc({ outcome }),
      webhookAttempt: (outcome) => attempts.inc({ outcome }),
      rateLimitRefused: (budget) => refusals.inc({ budget }),
    },
    observeRequest({ protocol, route, operation, status, errorCode, seconds }) {
      requests.inc({ protocol, route, operation, status });
      durations.observe({ protocol, route, operation }, seconds);
      if (errorCode !== undefined) errors.inc({ protocol, code: errorCode });
    },
    watchCaches(source) {
      cacheSources.push(source);
    },
    setDatabaseGauges(gauges) {
      queueDepth.set({ stage: 'delivery' }, gauges.pendingDeliveries);
      queueDepth.set({ stage: 'outbox' }, gauges.unpublishedEvents);
      oldest.set(gauges.oldestUndeliveredSeconds);
      tasks.set(gauges.agentTasksStored);
      const sync = gauges.governmentSync;
      if (sync) {
        samLastSuccess.set(sync.lastSuccessSeconds);
        samWatermark.set(sync.watermarkSeconds);
        samRequests.set(sync.requestsUsedToday);
        for (const [count, value] of Object.entries(sync.lastRun)) samLastRun.set({ count }, value);
        samFailures.set(sync.failures);
      }
    },
  };
}
