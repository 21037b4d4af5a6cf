import { z } from 'zod';
import { ZEventPayload, ZSignatureSchemes } from './endpoint-signing.schema.ts';
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
  signature_schemes: ZSignatureSchemes.optional(),
  event_payload: ZEventPayload.optional(),
});

export const ZCreateWebhookEndpointOutput = ZWebhookEndpointWithSecret;
