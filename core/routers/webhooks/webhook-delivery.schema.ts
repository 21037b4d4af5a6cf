import { z } from 'zod';
import { webhookDeliveryStates } from '../../../orm/entities/webhooks/webhook-delivery.ts';

const ZInstant = z.iso.datetime({ offset: true });

const ZWebhookAttempt = z.object({
  attempted_at: ZInstant,
  duration_ms: z.number().int().describe('How long the attempt took (latency), in milliseconds.'),
  request_headers: z
    .record(z.string(), z.string())
    .nullable()
    .describe(
      'The headers this attempt sent: webhook-id, webhook-timestamp, webhook-signature (and any other webhook-* header), ' +
        'content-type and user-agent; never a credential. Null when nothing was posted (e.g. the secret could not be opened).',
    ),
  response_status: z.number().int().nullable().describe("The receiver's HTTP status; null when no response came."),
  response_body: z.string().nullable().describe('The first KiB of the response body.'),
  error: z.string().nullable().describe('Why the attempt failed without a response (timeout, refused address, ...).'),
});

export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  event_id: z.uuid().describe('The event id: the webhook-id header, the same on every attempt.'),
  event_type: z.string(),
  state: z
    .enum(webhookDeliveryStates)
    .describe('pending (an attempt is due at next_attempt_at), delivered (a 2xx came back) or failed (no retry left).'),
  attempts: z.number().int(),
  next_attempt_at: ZInstant.nullable().describe('When the next attempt is due; null unless pending.'),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: ZInstant,
  delivered_at: ZInstant.nullable(),
  request: z
    .object({
      body: z
        .string()
        .describe(
          'The exact body every attempt of this delivery sent (and signed). A list shows its first 8,192 characters; ' +
            'GET .../deliveries/{delivery_id} shows all of it.',
        ),
      body_truncated: z.boolean().describe('True when `body` is cut to the list bound.'),
    })
    .describe("The request sent: its body here, each attempt's headers in attempt_log."),
  attempt_log: z.array(ZWebhookAttempt).describe('The latest attempts (at most 20), oldest first.'),
});

/** The answer of test and retry: the delivery queued, and the outcome of sending it now when it was sent. */
export const ZWebhookDeliveryOutcome = z.object({
  delivery_id: z.uuid(),
  event_id: z.uuid(),
  event_type: z.string(),
  state: z.string().describe('delivered, pending (queued, or a retry is scheduled) or failed.'),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  duration_ms: z.number().int().nullable().describe('The latency of the attempt made now; null when none was made.'),
});
