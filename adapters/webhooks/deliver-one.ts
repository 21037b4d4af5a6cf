import type { z } from 'zod';
import type { Context } from '../../core/context.ts';
import type { Logger } from '../../core/logger.ts';
import type { ProcedureInvoker } from '../../core/procedures/invoker.ts';
import type { ZClaimedDelivery } from '../../core/routers/webhook-delivery/claim-deliveries.schema.ts';
import type {
  ZDeliveryStatus,
  ZRecordedAttempt,
} from '../../core/routers/webhook-delivery/record-delivery-attempts.schema.ts';
import { storableText } from '../../core/services/sql/storable-text.ts';
import type { WebhookSender } from '../../core/services/webhooks/sender-port.ts';
import type { WebhookPoster } from './http-post.ts';

export type ClaimedDelivery = z.infer<typeof ZClaimedDelivery>;
export type FinishedAttempt = z.infer<typeof ZRecordedAttempt>;
type DeliveryStatus = z.infer<typeof ZDeliveryStatus>;

type WebhookDeliveryOutcome = Awaited<ReturnType<WebhookSender['deliverNow']>>;

/** What sending needs: the procedures (through the invoker, as the system principal) and the HTTP poster. */
export interface DeliveryDeps {
  invoker: ProcedureInvoker;
  /** A fresh context of the system principal per call. */
  systemContext: () => Context;
  poster: WebhookPoster;
  /** WEBHOOK_RETRY_SCHEDULE in ms. */
  scheduleMs: readonly number[];
  /** How long a claim holds a row: the poster's deadline plus a margin. */
  leaseMs: number;
  /** Where the detail of an attempt that reached no receiver goes (the worker's attempts; send-now logs to its request's). */
  log: Logger;
}

/** Records finished attempts in one call (one transaction); answers each delivery's state, in order. */
export async function recordAttempts(
  deps: DeliveryDeps,
  attempts: FinishedAttempt[],
): Promise<(DeliveryStatus | null)[]> {
  const { deliveries } = await deps.invoker.call(
    'webhookDelivery.recordDeliveryAttempts',
    { attempts, schedule_ms: deps.scheduleMs },
    deps.systemContext(),
  );
  return deliveries;
}

/**
 * Sends one claimed delivery (nothing when it cannot be signed) and answers the attempt to record.
 * What the guard or the socket saw (the resolved address, the DNS error code) is logged, never
 * recorded: the tenant reads last_error.
 */
export async function sendOne(
  deps: DeliveryDeps,
  delivery: ClaimedDelivery,
  log: Logger = deps.log,
): Promise<FinishedAttempt> {
  const result = delivery.error
    ? { error: delivery.error, durationMs: 0 }
    : await deps.poster.post(delivery.url, delivery.body, delivery.headers);
  if ('errorDetail' in result && result.errorDetail)
    log.warn(
      { delivery: delivery.id, endpoint: delivery.endpoint_id, detail: result.errorDetail },
      'webhook attempt reached no receiver',
    );
  return {
    delivery_id: delivery.id,
    business_id: delivery.business_id,
    endpoint_id: delivery.endpoint_id,
    lease: delivery.lease,
    attempts_before: delivery.attempts,
    duration_ms: result.durationMs,
    status: result.status,
    // The poster made these storable already; slice() here could split a surrogate pair, storableText cannot.
    retry_after: result.retryAfter === undefined ? undefined : storableText(result.retryAfter, 200),
    response_body: result.responseBody,
    error: result.error === undefined ? undefined : storableText(result.error, 2000),
  };
}

/** Sends one claimed delivery and records its attempt alone; answers the delivery's state after it. */
async function sendClaimed(
  deps: DeliveryDeps,
  delivery: ClaimedDelivery,
  log: Logger | undefined,
): Promise<WebhookDeliveryOutcome> {
  const attempt = await sendOne(deps, delivery, log);
  const [recorded] = await recordAttempts(deps, [attempt]);
  return {
    state: recorded?.state ?? 'pending',
    attempts: recorded?.attempts ?? delivery.attempts + 1,
    last_status: attempt.status ?? null,
    last_error: recorded?.last_error ?? attempt.error ?? null,
    duration_ms: attempt.duration_ms,
  };
}

/**
 * The WebhookSender port (CoreServices.webhookSender): sends one delivery right away when no worker
 * holds it, with the same signing, guard and recording as the worker; otherwise answers its stored
 * state without sending (duration_ms null).
 */
export function createWebhookSender(deps: DeliveryDeps): WebhookSender {
  return {
    async deliverNow(deliveryId, log) {
      const { deliveries } = await deps.invoker.call(
        'webhookDelivery.claimDeliveries',
        { limit: 1, lease_ms: deps.leaseMs, delivery_id: deliveryId },
        deps.systemContext(),
      );
      const claimed = deliveries[0];
      if (claimed) return sendClaimed(deps, claimed, log);
      const { delivery } = await deps.invoker.call(
        'webhookDelivery.getDeliveryStatus',
        { delivery_id: deliveryId },
        deps.systemContext(),
      );
      return {
        state: delivery?.state ?? 'failed',
        attempts: delivery?.attempts ?? 0,
        last_status: delivery?.last_status ?? null,
        last_error: delivery?.last_error ?? (delivery ? null : 'No such delivery.'),
        duration_ms: null,
      };
    },
  };
}
