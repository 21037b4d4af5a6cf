import { storableText } from '../../sql/storable-text.ts';
import type { ServiceMetrics } from '../../metrics/metrics-port.ts';
import type { DeliveryStatus, RecordedAttempt } from '../delivery-record.query.ts';
import { recordAttemptsApart, UNRECORDABLE_ATTEMPT } from '../record-attempts.ts';
import { decideOutcome, type AttemptResult } from '../retry-policy.ts';
import type { FinishedAttempt, WebhookDispatchDeps } from './dispatch-deps.ts';

/** The stored bounds of a receiver's text; the transport bounds it already, these are the guard behind it. */
const RESPONSE_BODY_MAX = 4096;
const ERROR_MAX = 2000;

/**
 * Counts each recorded attempt by the state its record left the delivery in (an attempt recorded
 * apart as a failure counts as what was stored); one whose lease was lost (undefined) is not
 * counted, since whoever holds the delivery now records its own attempt.
 */
function countAttempts(metrics: ServiceMetrics | undefined, deliveries: readonly (DeliveryStatus | undefined)[]): void {
  for (const delivery of deliveries)
    if (delivery) metrics?.webhookAttempt(delivery.state === 'pending' ? 'retrying' : delivery.state);
}

/**
 * Records finished attempts and decides what follows each (delivered, retry when, failed, endpoint
 * disabled): retry-policy.ts decides, one transaction stores them all, since a transaction per
 * attempt was most of the loop's cost. An attempt the database refuses is recorded apart, as a
 * failed attempt if need be (record-attempts.ts), so it never undoes the rest of its batch. The
 * receiver's text is made storable again (defence in depth: a transport other than the HTTP poster
 * may bring it). Answers each delivery's state in order; undefined where the lease was lost.
 */
export async function recordFinished(
  deps: WebhookDispatchDeps,
  attempts: readonly FinishedAttempt[],
): Promise<(DeliveryStatus | undefined)[]> {
  const now = deps.clock.now();
  /** The attempt as it finished, or (with `unrecordable`) as a failure that brought nothing back. */
  const recorded = (attempt: FinishedAttempt, unrecordable = false): RecordedAttempt => {
    const result: AttemptResult = unrecordable
      ? { error: UNRECORDABLE_ATTEMPT }
      : {
          status: attempt.status,
          retryAfter: attempt.retryAfter,
          error: attempt.error === undefined ? undefined : storableText(attempt.error, ERROR_MAX),
        };
    return {
      deliveryId: attempt.deliveryId,
      businessId: attempt.businessId,
      endpointId: attempt.endpointId,
      lease: attempt.lease,
      attemptedAt: now,
      durationMs: attempt.durationMs,
      status: result.status,
      responseBody:
        unrecordable || attempt.responseBody === undefined
          ? undefined
          : storableText(attempt.responseBody, RESPONSE_BODY_MAX),
      error: result.error,
      requestHeaders: attempt.requestHeaders,
      outcome: decideOutcome({ result, attempts: attempt.attemptsBefore + 1, schedule: deps.scheduleMs, now }),
    };
  };
  const deliveries = await recordAttemptsApart(
    deps.em.fork(),
    attempts.map((attempt) => recorded(attempt)),
    (index) => recorded(attempts[index]!, true),
    deps.log,
  );
  countAttempts(deps.services().metrics, deliveries);
  return deliveries;
}
