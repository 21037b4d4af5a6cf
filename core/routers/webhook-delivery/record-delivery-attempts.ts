import { recordDeliveryAttempts as record } from '../../services/webhooks/delivery-record.query.ts';
import { decideOutcome } from '../../services/webhooks/retry-policy.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZRecordDeliveryAttemptsInput, ZRecordDeliveryAttemptsOutput } from './record-delivery-attempts.schema.ts';

/**
 * Records finished attempts and decides what follows each (delivered, retry when, failed, endpoint
 * disabled): retry-policy.ts decides, one transaction stores them all. Batched because the worker
 * records many attempts a second, and a transaction each was most of its cost. System only (the
 * worker, the send-now port).
 */
export const recordDeliveryAttempts = systemProcedure
  .input(ZRecordDeliveryAttemptsInput)
  .output(ZRecordDeliveryAttemptsOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const deliveries = await record(
      ctx.em,
      input.attempts.map((attempt) => ({
        deliveryId: attempt.delivery_id,
        businessId: attempt.business_id,
        endpointId: attempt.endpoint_id,
        lease: new Date(attempt.lease),
        attemptedAt: now,
        durationMs: attempt.duration_ms,
        status: attempt.status,
        responseBody: attempt.response_body,
        error: attempt.error,
        outcome: decideOutcome({
          result: { status: attempt.status, retryAfter: attempt.retry_after, error: attempt.error },
          attempts: attempt.attempts_before + 1,
          schedule: input.schedule_ms,
          now,
        }),
      })),
    );
    return { deliveries: deliveries.map((delivery) => delivery ?? null) };
  });
