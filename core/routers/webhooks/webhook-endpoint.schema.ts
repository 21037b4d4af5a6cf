import { expecting } from '../../errors/validation-messages.ts';
import { z } from 'zod';
import { noNul } from '../../services/sql/no-nul.ts';
import { webhookEventTypes } from '../../services/webhooks/event-catalogue.ts';
import { MAX_WEBHOOK_URL_LENGTH } from '../../services/webhooks/url-policy.ts';
import { ZEndpointSigningView } from './endpoint-signing.schema.ts';

/** Limits of endpoint management (docs/webhooks.md). */
export const WEBHOOK_LIMITS = {
  endpointsPerBusiness: 20,
  metadataKeys: 20,
  metadataKeyLength: 40,
  metadataValueLength: 500,
  descriptionLength: 500,
} as const;

export const ZWebhookId = z.uuid({ error: expecting('expected a UUID') });
const ZInstant = z.iso.datetime({ offset: true });

export const ZWebhookUrl = z
  .string()
  .trim()
  .min(1)
  .max(MAX_WEBHOOK_URL_LENGTH)
  .check(noNul())
  .describe(
    'Where events are POSTed: an absolute https URL (at most 2048 characters, no user name or password) whose host is a public name or address. ' +
      'Host names are resolved and checked again at every connection.',
  );

export const ZWebhookDescription = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.descriptionLength)
  .check(noNul())
  .nullable()
  .describe('What the endpoint is for, up to 500 characters; empty or null for none.');

/** Known event types, or exactly ["*"] for all of them (types added later included). */
export const ZEnabledEvents = z
  .array(z.string().max(100).check(noNul()))
  .min(1, { message: 'name at least one event type, or ["*"] for all' })
  .max(50)
  .superRefine((events, context) => {
    if (events.includes('*')) {
      if (events.length !== 1) context.addIssue({ code: 'custom', message: '"*" must be the only entry' });
      return;
    }
    events.forEach((event, index) => {
      if (!webhookEventTypes.includes(event))
        context.addIssue({
          code: 'custom',
          path: [index],
          message: `unknown event type "${event}"; known: ${webhookEventTypes.join(', ')}`,
        });
      else if (events.indexOf(event) !== index)
        context.addIssue({ code: 'custom', path: [index], message: `"${event}" is listed twice` });
    });
  })
  .describe(
    `The event types the endpoint receives (GET /v1/webhook-endpoints/event-types lists them: ${webhookEventTypes.join(', ')}), ` +
      'or exactly ["*"] for every type, including types added later. webhook.test is always sent to the endpoint tested.',
  );

export const ZWebhookMetadata = z
  .record(
    z.string().min(1).max(WEBHOOK_LIMITS.metadataKeyLength).check(noNul()),
    z.string().max(WEBHOOK_LIMITS.metadataValueLength).check(noNul()),
  )
  .refine((metadata) => Object.keys(metadata).length <= WEBHOOK_LIMITS.metadataKeys, {
    message: `at most ${WEBHOOK_LIMITS.metadataKeys} keys`,
  })
  .describe(
    'Your own key-value strings, kept with the endpoint: at most 20 keys of 1 to 40 characters, values up to 500.',
  );

/** An endpoint as management shows it: never its secret. */
export const ZWebhookEndpoint = z.object({
  id: ZWebhookId,
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
  previous_secret_expires_at: ZInstant.nullable().describe(
    'After a rotation, when the previous secret stops signing (until then deliveries carry both signatures); null when there is none.',
  ),
  created_at: ZInstant,
  updated_at: ZInstant,
  ...ZEndpointSigningView,
});

/** The answer of create and rotate-secret: the endpoint, and its signing secret, shown this once. */
export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({
  secret: z
    .string()
    .describe(
      'The signing secret, `whsec_` + base64 of 32 random bytes: shown only in this answer, stored encrypted. Verify deliveries with it (Standard Webhooks).',
    ),
});
