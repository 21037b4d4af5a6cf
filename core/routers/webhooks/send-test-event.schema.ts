import { z } from 'zod';
import { ZWebhookDeliveryOutcome } from './webhook-delivery.schema.ts';
import { ZWebhookId } from './webhook-endpoint.schema.ts';

export const ZSendTestEventInput = z.object({ id: ZWebhookId.describe('The endpoint id.') });

export const ZSendTestEventOutput = ZWebhookDeliveryOutcome;
