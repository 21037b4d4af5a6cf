import { z } from 'zod';
import { ZWebhookId } from './webhook-endpoint.schema.ts';

export const ZDeleteWebhookEndpointInput = z.object({ id: ZWebhookId.describe('The endpoint id.') });

export const ZDeleteWebhookEndpointOutput = z.object({ id: z.uuid(), deleted: z.literal(true) });
