import type { z } from 'zod';
import { storableText } from '../../services/sql/storable-text.ts';
import type { DeliveryStatus, RecordedAttempt } from '../../services/webhooks/delivery-record.query.ts';
import { recordAttemptsApart, UNRECORDABLE_ATTEMPT } from '../../services/webhooks/record-attempts.ts';
import { decideOutcome, type AttemptResult } from '../../services/webhooks/retry-policy.ts';
import type { ServiceMetrics } from '../../services/metrics/metrics-port.ts';
import { systemProcedure } from '../../trpc.ts';
import {
  ZRecordDeliveryAttemptsInput,
  ZRecordDeliveryAttemptsOutput,
  type ZRecordedAttempt,
} from './record-delivery-attempts.schema.ts';

/** The schema's bounds: what the worker sends is storable already, these are the guard behind it. */
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
 * disabled): retry-policy.ts decides, one transaction stores them all. Batched because the worker
 * records many attempts a second, and a transaction each was most of its cost; an attempt the
 * database refuses is recorded apart, as a failed attempt if need be (record-attempts.ts), so it
 * never undoes the rest of its batch. The receiver's text is made storable again here (defence in
 * depth: a caller other than the worker's poster may bring it). System only (the worker, the
 * send-now port).
 */
export const recordDeliveryAttempts = systemProcedure
  .input(ZRecordDeliveryAttemptsInput)
  .output(ZRecordDeliveryAttemptsOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    /** The attempt as received, or (with `unrecordable`) as a failure that brought nothing back. */
    const recorded = (attempt: z.infer<typeof ZRecordedAttempt>, unrecordable = false): RecordedAttempt => {
      const result: AttemptResult = unrecordable
        ? { error: UNRECORDABLE_ATTEMPT }
        : {
            status: attempt.status,
            retryAfter: attempt.retry_after,
            error: attempt.error === undefined ? undefined : storableText(attempt.error, ERROR_MAX),
          };
      return {
        deliveryId: attempt.delivery_id,
        businessId: attempt.business_id,
        endpointId: attempt.endpoint_id,
        lease: new Date(attempt.lease),
        attemptedAt: now,
        durationMs: attempt.duration_ms,
        status: result.status,
        responseBody:
          unrecordable || attempt.response_body === undefined
            ? undefined
            : storableText(attempt.response_body, RESPONSE_BODY_MAX),
        error: result.error,
        outcome: decideOutcome({ result, attempts: attempt.attempts_before + 1, schedule: input.schedule_ms, now }),
      };
    };
    const deliveries = await recordAttemptsApart(
      ctx.em,
      input.attempts.map((attempt) => recorded(attempt)),
      (index) => recorded(input.attempts[index]!, true),
      ctx.log,
    );
    countAttempts(ctx.services.metrics, deliveries);
    return { deliveries: deliveries.map((delivery) => delivery ?? null) };
  });
