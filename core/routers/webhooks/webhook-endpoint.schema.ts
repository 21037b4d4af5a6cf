import { expecting } from '../../errors/validation-messages.ts';
import { z } from 'zod';
import { MAX_PER_SECOND_LIMITS, ZWebhookEndpoint } from '../../domain/webhooks/webhook-endpoint.schema.ts';
import { noNul } from '../../services/sql/no-nul.ts';
import { webhookEventTypes } from '../../services/webhooks/event-catalogue.ts';
import { operationalEventTypes } from '../../services/webhooks/operational-events.ts';
import { MAX_WEBHOOK_URL_LENGTH } from '../../services/webhooks/url-policy.ts';

/** Limits of endpoint management (docs/webhooks.md). */
export const WEBHOOK_LIMITS = {
  endpointsPerBusiness: 20,
  metadataKeys: 20,
  metadataKeyLength: 40,
  metadataValueLength: 500,
  descriptionLength: 500,
} as const;

export const ZWebhookId = z.uuid({ error: expecting('expected a UUID') });

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

/** Known event types, or ["*"] for every workspace event (types added later included), with operational types named beside it. */
export const ZEnabledEvents = z
  .array(z.string().max(100).check(noNul()))
  .min(1, { message: 'name at least one event type, or ["*"] for all' })
  .max(50)
  .superRefine((events, context) => {
    events.forEach((event, index) => {
      if (event === '*') {
        if (events.some((other) => other !== '*' && !operationalEventTypes.includes(other)))
          context.addIssue({
            code: 'custom',
            path: [index],
            message: `"*" takes every workspace event; besides it name only operational events (${operationalEventTypes.join(', ')})`,
          });
        else if (events.indexOf(event) !== index)
          context.addIssue({ code: 'custom', path: [index], message: '"*" is listed twice' });
      } else if (!webhookEventTypes.includes(event))
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
      'or ["*"] for every workspace event, including types added later. The operational events (webhook_endpoint.*, ' +
      'webhook_delivery.exhausted) are received only where named, beside "*" too (["*", "webhook_endpoint.disabled"]). ' +
      'webhook.test is always sent to the endpoint tested.',
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

export { ZWebhookEndpoint };

/** Attempts per second to the endpoint (create, PATCH): a whole number 1..1000, or null for no limit. */
export const ZMaxPerSecond = z
  .int({ error: expecting('expected a whole number from 1 to 1000, or null') })
  .min(MAX_PER_SECOND_LIMITS.min)
  .max(MAX_PER_SECOND_LIMITS.max)
  .nullable()
  .describe(
    'The most delivery attempts the workers send to the endpoint in any second (1 to 1000), across all worker ' +
      'processes; deliveries beyond it wait, pending, and go as the rate allows. null (the default): no limit.',
  );

/** The answer of create and rotate-secret: the endpoint, and its signing secret, shown this once. */
export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({
  secret: z
    .string()
    .describe(
      'The signing secret, `whsec_` + base64 of 32 random bytes: shown only in this answer, stored encrypted. Verify deliveries with it (Standard Webhooks).',
    ),
});
