import { publishOutboxEvents } from '../outbox-publish.query.ts';
import { createAttemptBatcher } from './attempt-batcher.ts';
import type { SignedDelivery, WebhookDispatchDeps } from './dispatch-deps.ts';
import { createFairClaimer } from './fair-claimer.ts';
import { recordFinished } from './record-finished.ts';
import { sendOne } from './send-one.ts';

/** Outbox events published per transaction. */
const PUBLISH_BATCH = 100;

/** The longest pause between two failed passes: a recovered database is used again within it. */
const FAILURE_PAUSE_MAX_MS = 5_000;
/** During a run of failed passes, one error line per this interval. */
const FAILURE_LOG_EVERY_MS = 30_000;

export interface DispatchLoopOptions {
  /** Attempts in flight at once in this process (WEBHOOK_CONCURRENCY). */
  concurrency: number;
  /** Caps of attempts in flight per business and per endpoint (deliveryShares of the concurrency). */
  shares: { perBusiness: number; perEndpoint: number };
  /** How often an idle loop looks for new events and due deliveries. */
  pollMs: number;
}

export interface DispatchLoop {
  /** Claims nothing more; resolves once the attempts in flight are sent and recorded. */
  stop(): Promise<void>;
  /**
   * Publishes and claims now rather than at the next poll: called after a commit that wrote outbox
   * events in this process, and the hook for a database notification (LISTEN/NOTIFY) from others.
   */
  wake(): void;
  /** Attempts sent or being recorded now, and the most at once (the concurrency). */
  inFlight(): { entries: number; limit: number };
}

/**
 * The delivery loop of one process: publishes the outbox into deliveries, claims due deliveries up
 * to the free concurrency (leased rows, FOR UPDATE SKIP LOCKED: several processes share the work;
 * businesses take turns, each under its share of slots and each endpoint under its own), posts each
 * through the transport and records the attempts in batches (one transaction for all those that
 * finished while the previous batch was being recorded). At least once: an attempt is recorded after
 * it is sent, so a process killed in between leaves the row pending under a lease that expires, and
 * another attempt (same webhook-id) follows. A slot is freed only once its attempt is recorded, so
 * the batch never outgrows the concurrency. Errors (the database away) are logged and the loop
 * carries on after a pause that doubles with each failed pass up to FAILURE_PAUSE_MAX_MS; a run of
 * failures is logged once, then once per FAILURE_LOG_EVERY_MS, and its end once, so a database
 * outage does not write a line to the log at every poll.
 */
export function startDispatchLoop(deps: WebhookDispatchDeps, options: DispatchLoopOptions): DispatchLoop {
  const { log } = deps;
  const { concurrency, pollMs } = options;
  const firstDelay = deps.scheduleMs[0] ?? 0;
  const claimer = createFairClaimer(deps, options.shares);
  const batcher = createAttemptBatcher((attempts) => recordFinished(deps, attempts));
  const inFlight = new Set<Promise<void>>();
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
    const now = deps.clock.now();
    const { published } = await publishOutboxEvents(
      deps.em.fork(),
      now,
      new Date(now.getTime() + firstDelay),
      PUBLISH_BATCH,
      deps.urls,
    );
    return published === PUBLISH_BATCH;
  }

  function track(delivery: SignedDelivery): void {
    const sending = sendOne(deps, delivery)
      .then((attempt) => batcher.add(attempt))
      .catch((error: unknown) =>
        log.error({ err: error, delivery: delivery.id }, 'recording a webhook attempt failed'),
      );
    const tracked = sending.finally(() => {
      claimer.release(delivery);
      inFlight.delete(tracked);
      wakeUp?.();
    });
    inFlight.add(tracked);
  }

  async function claimAndSend(): Promise<number> {
    const free = concurrency - inFlight.size;
    if (free <= 0) return 0;
    const deliveries = await claimer.claim(free);
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
    inFlight: () => ({ entries: inFlight.size, limit: concurrency }),
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
