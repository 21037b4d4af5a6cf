import { z } from 'zod';
import { ZCursorPage } from '../../domain/workspace/cursor-page.schema.ts';
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
});

export const ZListWebhookDeliveriesOutput = ZCursorPage(ZWebhookDelivery);
