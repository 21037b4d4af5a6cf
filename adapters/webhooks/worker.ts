import type { Logger } from '../../core/logger.ts';
import { sendClaimed, type DeliveryDeps } from './deliver-one.ts';

/** Outbox events published per call (each call is one transaction). */
const PUBLISH_BATCH = 100;

export interface WebhookWorkerOptions extends DeliveryDeps {
  log: Logger;
  /** Attempts in flight at once in this process. */
  concurrency?: number;
  /** How often an idle worker looks for new events and due deliveries. */
  pollMs?: number;
}

export interface WebhookWorker {
  /** Claims nothing more; resolves once the attempts in flight are sent and recorded. */
  stop(): Promise<void>;
  /** Looks now rather than at the next poll (after a write, in tests). */
  wake(): void;
}

/**
 * The delivery loop of one process: publishes the outbox into deliveries, claims due deliveries up
 * to the free concurrency (leased rows, FOR UPDATE SKIP LOCKED: several processes share the work),
 * sends each and records its attempt. At least once: the attempt is recorded after it is sent, so a
 * process killed in between leaves the row pending under a lease that expires, and another attempt
 * (same webhook-id) follows. Errors (the database away) are logged and the loop carries on after a poll.
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { log, invoker, systemContext } = options;
  const concurrency = options.concurrency ?? 8;
  const pollMs = options.pollMs ?? 500;
  const firstDelay = options.scheduleMs[0] ?? 0;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  function sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, ms);
    }).finally(() => {
      clearTimeout(timer);
      wakeUp = undefined;
    });
  }

  async function publish(): Promise<void> {
    for (;;) {
      const { published } = await invoker.call(
        'webhookDelivery.publishOutboxEvents',
        { limit: PUBLISH_BATCH, first_delay_ms: firstDelay },
        systemContext(),
      );
      if (published < PUBLISH_BATCH || stopped) return;
    }
  }

  async function claimAndSend(): Promise<number> {
    const free = concurrency - inFlight.size;
    if (free <= 0) return 0;
    const { deliveries } = await invoker.call(
      'webhookDelivery.claimDeliveries',
      { limit: free, lease_ms: options.leaseMs },
      systemContext(),
    );
    for (const delivery of deliveries) {
      const sending = sendClaimed(options, delivery).then(
        () => undefined,
        (error: unknown) => log.error({ err: error, delivery: delivery.id }, 'recording a webhook attempt failed'),
      );
      const tracked = sending.finally(() => {
        inFlight.delete(tracked);
        wakeUp?.();
      });
      inFlight.add(tracked);
    }
    return deliveries.length;
  }

  const loop = (async () => {
    while (!stopped) {
      let claimed = 0;
      try {
        await publish();
        claimed = await claimAndSend();
      } catch (error) {
        log.error({ err: error }, 'webhook worker pass failed');
      }
      if (stopped) break;
      // Busy: go again as soon as a slot frees (or at once when more may be due); idle: poll.
      if (claimed === 0 || inFlight.size >= concurrency) await sleep(pollMs);
    }
  })();

  return {
    wake() {
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
