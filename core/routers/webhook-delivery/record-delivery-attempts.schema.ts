import { z } from 'zod';

export const ZRecordedAttempt = z.object({
  delivery_id: z.uuid(),
  business_id: z.uuid(),
  endpoint_id: z.uuid(),
  lease: z.iso.datetime().describe('The lease the claim answered.'),
  attempts_before: z.number().int().min(0).describe('Attempts made before this one (as claimed).'),
  duration_ms: z.number().int().min(0),
  status: z.number().int().min(100).max(999).optional().describe('The HTTP status; absent when no response came.'),
  retry_after: z.string().max(200).optional().describe('The Retry-After header as received.'),
  response_body: z.string().max(4096).optional().describe('The first KiB of the response body.'),
  error: z.string().max(2000).optional().describe('Why no usable response came (refused address, timeout, ...).'),
});

export const ZRecordDeliveryAttemptsInput = z.object({
  attempts: z.array(ZRecordedAttempt).min(1).max(200).describe('Finished attempts, recorded in one transaction.'),
  schedule_ms: z
    .array(z.number().int().min(0).max(86_400_000))
    .min(1)
    .max(20)
    .describe('WEBHOOK_RETRY_SCHEDULE: the wait before each attempt.'),
});

export const ZDeliveryStatus = z.object({
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
});

export const ZRecordDeliveryAttemptsOutput = z.object({
  /** One per attempt, in order; null when the lease was lost (another worker claimed the row after it expired): only the attempt was logged. */
  deliveries: z.array(ZDeliveryStatus.nullable()),
});
