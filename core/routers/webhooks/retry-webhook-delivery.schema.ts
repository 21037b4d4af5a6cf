import { z } from 'zod';
import { ZWebhookDeliveryOutcome } from './webhook-delivery.schema.ts';
import { ZWebhookId } from './webhook-endpoint.schema.ts';

export const ZRetryWebhookDeliveryInput = z.object({
  id: ZWebhookId.describe('The endpoint id.'),
  delivery_id: ZWebhookId.describe('The delivery id (from the deliveries list).'),
});

export const ZRetryWebhookDeliveryOutput = ZWebhookDeliveryOutcome;
