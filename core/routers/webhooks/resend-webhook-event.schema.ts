import { z } from 'zod';
import { webhookDeliveryStates } from '../../../orm/entities/webhooks/webhook-delivery.ts';
import { ZWebhookId } from './webhook-endpoint.schema.ts';

export const ZResendWebhookEventInput = z.object({
  id: ZWebhookId.describe('The endpoint id.'),
  event_id: ZWebhookId.describe(
    "The event to send again (its webhook-id): an event of this business from the last 30 days, or one of this endpoint's deliveries.",
  ),
});

export const ZResendWebhookEventOutput = z.object({
  delivery_id: z.uuid(),
  event_id: z.uuid(),
  event_type: z.string(),
  state: z.enum(webhookDeliveryStates).describe('The delivery now: pending until the workers send it.'),
  outcome: z
    .enum(['requeued', 'created', 'already_queued'])
    .describe(
      "requeued: the endpoint's delivery of the event is queued again; created: the endpoint had none, one is queued; " +
        'already_queued: it is pending already (queued or being sent), nothing changed.',
    ),
});
