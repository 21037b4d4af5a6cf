import { z } from 'zod';
import { ZEventPayload, ZSignatureSchemes } from './endpoint-signing.schema.ts';
import {
  ZEnabledEvents,
  ZWebhookDescription,
  ZWebhookEndpoint,
  ZWebhookId,
  ZWebhookMetadata,
  ZWebhookUrl,
} from './webhook-endpoint.schema.ts';

/** PATCH: only the members given change. */
export const ZUpdateWebhookEndpointInput = z.object({
  id: ZWebhookId.describe('The endpoint id.'),
  url: ZWebhookUrl.optional(),
  description: ZWebhookDescription.optional(),
  enabled_events: ZEnabledEvents.optional(),
  metadata: ZWebhookMetadata.optional().describe('Replaces the whole metadata object.'),
  disabled: z
    .boolean()
    .optional()
    .describe('true stops deliveries to the endpoint; false enables it again (its failure streak is forgotten).'),
  signature_schemes: ZSignatureSchemes.optional(),
  event_payload: ZEventPayload.optional(),
});

export const ZUpdateWebhookEndpointOutput = ZWebhookEndpoint;
