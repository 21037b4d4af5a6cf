import { z } from 'zod';
import { ZWebhookEndpointWithSecret, ZWebhookId } from './webhook-endpoint.schema.ts';

export const ZRotateWebhookSecretInput = z.object({ id: ZWebhookId.describe('The endpoint id.') });

export const ZRotateWebhookSecretOutput = ZWebhookEndpointWithSecret;
