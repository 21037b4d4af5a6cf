import { z } from 'zod';
import { ZWebhookEndpoint, ZWebhookId } from './webhook-endpoint.schema.ts';

export const ZRotateWebhookSigningKeyInput = z.object({ id: ZWebhookId.describe('The endpoint id.') });

export const ZRotateWebhookSigningKeyOutput = ZWebhookEndpoint;
