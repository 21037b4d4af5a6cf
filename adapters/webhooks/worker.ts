import type { Logger } from '../../core/logger.ts';
import { deliveryShares, type DeliveryShares } from '../../core/webhook-config.ts';
import { createAttemptBatcher } from './attempt-batcher.ts';
import { recordAttempts, sendOne, type ClaimedDelivery, type DeliveryDeps } from './deliver-one.ts';

/** Outbox events published per call (each call is one transaction). */
const PUBLISH_BATCH = 100;

/** Attempts in flight at once in one process when WEBHOOK_CONCURRENCY is not set. */
const DEFAULT_WEBHOOK_CONCURRENCY = 64;

/** The longest pause between two failed passes: a recovered database is used again within it. */
const FAILURE_PAUSE_MAX_MS = 5_000;
/** During a run of failed passes, one error line per this interval. */
const FAILURE_LOG_EVERY_MS = 30_000;

export interface WebhookWorkerOptions extends DeliveryDeps {
  log: Logger;
  /** Attempts in flight at once in this process (WEBHOOK_CONCURRENCY). */
  concurrency?: number;
  /** Caps of attempts in flight per business and per endpoint (deliveryShares of the concurrency by default). */
  shares?: DeliveryShares;
  /** How often an idle worker looks for new events and due deliveries. */
  pollMs?: number;
}

export interface WebhookWorker {
  /** Claims nothing more; resolves once the attempts in flight are sent and recorded. */
  stop(): Promise<void>;
  /**
   * Publishes and claims now rather than at the next poll: called after a commit that wrote outbox
   * events in this process, and the hook for a database notification (LISTEN/NOTIFY) from others.
   */
  wake(): void;
}

/**
 * The delivery loop of one process: publishes the outbox into deliveries, claims due deliveries up
 * to the free concurrency (leased rows, FOR UPDATE SKIP LOCKED: several processes share the work;
 * businesses take turns, each under its cap of slots and each endpoint under its own), sends each and records the attempts in batches (one
 * transaction for all those that finished while the previous batch was being recorded). At least
 * once: an attempt is recorded after it is sent, so a process killed in between leaves the row
 * pending under a lease that expires, and another attempt (same webhook-id) follows. A slot is
 * freed only once its attempt is recorded, so the batch never outgrows the concurrency. Errors (the
 * database away) are logged and the loop carries on after a pause that doubles with each failed pass
 * up to FAILURE_PAUSE_MAX_MS; a run of failures is logged once, then once per FAILURE_LOG_EVERY_MS,
 * and its end once, so a database outage does not write a line to the log at every poll.
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { log, invoker, systemContext } = options;
  const concurrency = options.concurrency ?? DEFAULT_WEBHOOK_CONCURRENCY;
  const { perBusiness, perEndpoint } = options.shares ?? deliveryShares(concurrency);
  const pollMs = options.pollMs ?? 500;
  const firstDelay = options.scheduleMs[0] ?? 0;
  const batcher = createAttemptBatcher((attempts) => recordAttempts(options, attempts));
  const inFlight = new Set<Promise<void>>();
  const perEndpointInFlight = new Map<string, number>();
  const perBusinessInFlight = new Map<string, number>();
  let stopped = false;
  let publishDue = true;
  let lastPublish = 0;
  let wakeUp: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let failedPasses = 0;
  let lastFailureLog = 0;

  function sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, ms);
    }).finally(() => {
      clearTimeout(timer);
      wakeUp = undefined;
    });
  }

  /** Publishes one batch; more is left when it was full (the loop goes on sending between batches). */
  async function publish(): Promise<boolean> {
    const { published } = await invoker.call(
      'webhookDelivery.publishOutboxEvents',
      { limit: PUBLISH_BATCH, first_delay_ms: firstDelay },
      systemContext(),
    );
    return published === PUBLISH_BATCH;
  }

  const count = (loads: Map<string, number>, id: string, by: number) => {
    const left = (loads.get(id) ?? 0) + by;
    if (left > 0) loads.set(id, left);
    else loads.delete(id);
  };

  function track(delivery: ClaimedDelivery): void {
    count(perEndpointInFlight, delivery.endpoint_id, 1);
    count(perBusinessInFlight, delivery.business_id, 1);
    const sending = sendOne(options, delivery)
      .then((attempt) => batcher.add(attempt))
      .catch((error: unknown) =>
        log.error({ err: error, delivery: delivery.id }, 'recording a webhook attempt failed'),
      );
    const tracked = sending.finally(() => {
      count(perEndpointInFlight, delivery.endpoint_id, -1);
      count(perBusinessInFlight, delivery.business_id, -1);
      inFlight.delete(tracked);
      wakeUp?.();
    });
    inFlight.add(tracked);
  }

  async function claimAndSend(): Promise<number> {
    const free = concurrency - inFlight.size;
    if (free <= 0) return 0;
    const { deliveries } = await invoker.call(
      'webhookDelivery.claimDeliveries',
      {
        limit: free,
        lease_ms: options.leaseMs,
        per_business: perBusiness,
        per_endpoint: perEndpoint,
        // At most `concurrency` (100) entries each: every one has an attempt in flight.
        busy: [...perEndpointInFlight].slice(0, 100).map(([endpoint_id, in_flight]) => ({ endpoint_id, in_flight })),
        busy_businesses: [...perBusinessInFlight]
          .slice(0, 100)
          .map(([business_id, in_flight]) => ({ business_id, in_flight })),
      },
      systemContext(),
    );
    deliveries.forEach(track);
    return deliveries.length;
  }

  const loop = (async () => {
    while (!stopped) {
      let claimed = 0;
      try {
        // Publishing is a transaction: done when woken, while a backlog lasts, or once per poll; not at every freed slot.
        if (publishDue || Date.now() - lastPublish >= pollMs) {
          publishDue = false;
          lastPublish = Date.now();
          // A big outbox is published a batch per pass, so its first deliveries go out meanwhile.
          if (await publish()) publishDue = true;
        }
        claimed = await claimAndSend();
        if (failedPasses > 0) {
          log.info({ failed_passes: failedPasses }, 'webhook worker recovered');
          failedPasses = 0;
        }
      } catch (error) {
        failedPasses += 1;
        if (failedPasses === 1 || Date.now() - lastFailureLog >= FAILURE_LOG_EVERY_MS) {
          lastFailureLog = Date.now();
          log.error({ err: error, failed_passes: failedPasses }, 'webhook worker pass failed');
        }
      }
      if (stopped) break;
      if (failedPasses > 0) await sleep(Math.min(pollMs * 2 ** Math.min(failedPasses - 1, 16), FAILURE_PAUSE_MAX_MS));
      // Busy: go again as soon as a slot frees (or at once when more may be due); idle: poll.
      else if (!publishDue && (claimed === 0 || inFlight.size >= concurrency)) await sleep(pollMs);
    }
  })();

  return {
    wake() {
      publishDue = true;
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      await Promise.all(inFlight);
    },
  };
}
