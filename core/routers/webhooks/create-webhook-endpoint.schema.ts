import { z } from 'zod';
import {
  ZEnabledEvents,
  ZWebhookDescription,
  ZWebhookEndpointWithSecret,
  ZWebhookMetadata,
  ZWebhookUrl,
} from './webhook-endpoint.schema.ts';

export const ZCreateWebhookEndpointInput = z.object({
  url: ZWebhookUrl,
  description: ZWebhookDescription.optional(),
  enabled_events: ZEnabledEvents,
  metadata: ZWebhookMetadata.optional(),
});

export const ZCreateWebhookEndpointOutput = ZWebhookEndpointWithSecret;
