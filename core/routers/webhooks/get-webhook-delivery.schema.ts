import { z } from 'zod';
import { ZWebhookDelivery } from './webhook-delivery.schema.ts';
import { ZWebhookId } from './webhook-endpoint.schema.ts';

export const ZGetWebhookDeliveryInput = z.object({
  id: ZWebhookId.describe('The endpoint id.'),
  delivery_id: ZWebhookId.describe('The delivery id (from the deliveries list).'),
});

export const ZGetWebhookDeliveryOutput = ZWebhookDelivery;
