import type { CacheSizeSource } from '../../core/services/cache-sizes.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createWebhookPoster, DEFAULT_TIMEOUT_MS } from '../../adapters/webhooks/http-post.ts';
import type { Resolver } from '../../adapters/outbound/guarded-lookup.ts';
import { systemClock } from '../../core/clock.ts';
import { deliveryShares } from '../../core/webhook-config.ts';
import type { Config } from '../../core/config.ts';
import { onOutboxCommitted } from '../../orm/outbox-commits.ts';
import type { DatabaseNotifications } from '../../core/services/sql/notifications.ts';
import type { Logger } from '../../core/logger.ts';
import type { CoreServices } from '../../core/services/index.ts';
import { createWebhookDispatch } from '../../core/services/webhooks/dispatch/dispatch-service.ts';
import type { DispatchLoop } from '../../core/services/webhooks/dispatch/dispatch-loop.ts';
import type { WebhookSender } from '../../core/services/webhooks/sender-port.ts';

/** A claim's lease beyond the attempt's deadline: time to record the attempt before another worker may retry. */
const LEASE_MARGIN_MS = 15_000;

export interface WebhookDeliveryOptions {
  orm: MikroORM;
  /** Read at each use (the dispatch is built before the services that expose it). */
  services: () => CoreServices;
  config: Config;
  log: Logger;
  /** Whether this process runs the delivery loop (WEBHOOK_WORKER for `npm start`; always for `npm run worker`). */
  runWorker: boolean;
  /** The process's database notifications: an outbox commit of any process wakes this worker. */
  notifications?: DatabaseNotifications;
  /** Tests and benches: a stubbed DNS answer for the connect-time guard, a shorter attempt deadline, a faster poll, another concurrency. */
  resolver?: Resolver;
  timeoutMs?: number;
  pollMs?: number;
  concurrency?: number;
}

export interface WebhookDelivery {
  /** CoreServices.webhookSender: send one delivery now. */
  sender: WebhookSender;
  /** Starts the loop when this process runs one (once the services it reads exist); idempotent. */
  start(): void;
  /** Stops the loop (attempts in flight finish and are recorded) and closes the HTTP agents. */
  stop(): Promise<void>;
  /** The loop's queue in the metrics: attempts in flight (none while no loop runs here). */
  cacheSizes: CacheSizeSource;
}

/** Announced by the trigger of migration Migration20261203000000_outbox_notifications at each outbox commit. */
const OUTBOX_CHANNEL = 'fsa_outbox';

/**
 * Wires the delivery of one process: the HTTP poster with its guard as core's transport port, the
 * dispatch service over it (its send-now for CoreServices.webhookSender), and the service's loop,
 * started and stopped here.
 */
export function composeWebhookDelivery(options: WebhookDeliveryOptions): WebhookDelivery {
  const { config, log } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const concurrency = options.concurrency ?? config.webhookDelivery.concurrency;
  const shares = deliveryShares(concurrency, config.webhookDelivery.shares);
  const poster = createWebhookPoster({
    allowPrivate: config.webhooks.allowPrivateUrls,
    // The loop's share of an endpoint, plus what sending now (test, retry) may add beside it.
    socketsPerOrigin: shares.perEndpoint + config.webhookDelivery.sendNow.concurrency,
    resolver: options.resolver,
    timeoutMs,
    connectTimeoutMs: config.webhookDelivery.connectTimeoutMs,
  });
  const dispatch = createWebhookDispatch({
    em: options.orm.em,
    transport: poster,
    services: options.services,
    scheduleMs: config.webhookDelivery.retryScheduleMs,
    leaseMs: timeoutMs + LEASE_MARGIN_MS,
    log,
    clock: systemClock,
    urls: { site: config.siteUrl, base: config.baseUrl },
  });
  let loop: DispatchLoop | undefined;
  let stopped = false;
  return {
    sender: dispatch.sender,
    cacheSizes: () => (loop ? [{ cache: 'webhook_attempts_in_flight', ...loop.inFlight() }] : []),
    start() {
      if (!options.runWorker || loop || stopped) return;
      const started = dispatch.startLoop({
        pollMs: options.pollMs ?? config.webhookDelivery.pollMs,
        concurrency,
        shares,
      });
      loop = started;
      // A commit of this process that wrote outbox events wakes the loop at once; another process's
      // commit through the `fsa_outbox` notification (PostgreSQL); both are hints, the poll finds the rest.
      onOutboxCommitted(options.orm, () => started.wake());
      options.notifications?.subscribe(OUTBOX_CHANNEL, () => started.wake());
      options.notifications?.onGap(() => started.wake());
    },
    async stop() {
      stopped = true;
      await loop?.stop();
      poster.close();
    },
  };
}
