import { z } from 'zod';
import { webhookDeliveryStates } from '../../../orm/entities/webhooks/webhook-delivery.ts';
import { ZCursorPage } from '../../domain/workspace/cursor-page.schema.ts';
import { webhookEventTypes } from '../../services/webhooks/event-catalogue.ts';
import { ZWebhookDelivery } from './webhook-delivery.schema.ts';
import { ZWebhookId } from './webhook-endpoint.schema.ts';

export const ZListWebhookDeliveriesInput = z.object({
  id: ZWebhookId.describe('The endpoint id.'),
  cursor: z
    .string()
    .min(1)
    .max(500)
    // Described before optional(): the OpenAPI generator reads the description of the inner schema only.
    .describe('Opaque cursor: the `next_cursor` of the previous page. Omit it for the first page.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20).describe('Deliveries per page, 1 to 50 (default 20).'),
  state: z
    .enum(webhookDeliveryStates)
    .describe('Only deliveries in this state: pending, delivered or failed.')
    .optional(),
  event_type: z
    .string()
    .max(100)
    .refine((type) => webhookEventTypes.includes(type), {
      message: `unknown event type; known: ${webhookEventTypes.join(', ')}`,
    })
    .describe('Only deliveries of this event type (GET /v1/webhook-endpoints/event-types lists them).')
    .optional(),
  event_id: ZWebhookId.describe('Only the delivery of this event (its webhook-id).').optional(),
});

export const ZListWebhookDeliveriesOutput = ZCursorPage(ZWebhookDelivery);
