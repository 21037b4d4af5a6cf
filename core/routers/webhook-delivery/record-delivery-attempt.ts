import { recordDeliveryAttempt as record } from '../../services/webhooks/delivery-record.query.ts';
import { decideOutcome } from '../../services/webhooks/retry-policy.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZRecordDeliveryAttemptInput, ZRecordDeliveryAttemptOutput } from './record-delivery-attempt.schema.ts';

/**
 * Records one attempt and decides what follows (delivered, retry when, failed, endpoint disabled):
 * retry-policy.ts decides, one transaction stores. System only (the worker, the send-now port).
 */
export const recordDeliveryAttempt = systemProcedure
  .input(ZRecordDeliveryAttemptInput)
  .output(ZRecordDeliveryAttemptOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const outcome = decideOutcome({
      result: { status: input.status, retryAfter: input.retry_after, error: input.error },
      attempts: input.attempts_before + 1,
      schedule: input.schedule_ms,
      now,
    });
    const delivery = await record(ctx.em, {
      deliveryId: input.delivery_id,
      businessId: input.business_id,
      endpointId: input.endpoint_id,
      lease: new Date(input.lease),
      attemptedAt: now,
      durationMs: input.duration_ms,
      status: input.status,
      responseBody: input.response_body,
      error: input.error,
      outcome,
    });
    return { delivery: delivery ?? null };
  });
