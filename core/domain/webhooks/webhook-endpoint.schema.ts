import { z } from 'zod';
import { ZEndpointSigningView } from '../../routers/webhooks/endpoint-signing.schema.ts';

const ZInstant = z.iso.datetime({ offset: true });

/** The bounds of an endpoint's `max_per_second`. */
export const MAX_PER_SECOND_LIMITS = { min: 1, max: 1000 } as const;

/**
 * An endpoint as management shows it (never its secret). Shared by the management procedures and the
 * operational events, whose `data` is the endpoint exactly as GET answers it.
 */
export const ZWebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  enabled_events: z.array(z.string()),
  metadata: z.record(z.string(), z.string()),
  disabled: z.boolean().describe('A disabled endpoint receives nothing until enabled again (PATCH disabled: false).'),
  disabled_reason: z
    .string()
    .nullable()
    .describe('Why it is disabled: by its owner, the receiver answered 410 Gone, or it failed for 5 days straight.'),
  failing_since: ZInstant.nullable().describe('Since when every delivery has failed; null while deliveries succeed.'),
  last_error: z
    .string()
    .nullable()
    .describe('The last delivery error, kept when the endpoint is disabled for failing.'),
  max_per_second: z
    .int()
    .min(MAX_PER_SECOND_LIMITS.min)
    .max(MAX_PER_SECOND_LIMITS.max)
    .nullable()
    .describe('The most delivery attempts the workers send to it in any second; null for no limit.'),
  previous_secret_expires_at: ZInstant.nullable().describe(
    'After a rotation, when the previous secret stops signing (until then deliveries carry both signatures); null when there is none.',
  ),
  created_at: ZInstant,
  updated_at: ZInstant,
  ...ZEndpointSigningView,
});
