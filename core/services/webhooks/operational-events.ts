import { z } from 'zod';
import { ZWebhookEndpoint } from '../../domain/webhooks/webhook-endpoint.schema.ts';
import { FAILING_ENDPOINT_DISABLE_MS } from './retry-policy.ts';

/** The operational event types: what the delivery side itself reports about a business's endpoints. */
export const OPERATIONAL_EVENT = {
  disabled: 'webhook_endpoint.disabled',
  failing: 'webhook_endpoint.failing',
  recovered: 'webhook_endpoint.recovered',
  exhausted: 'webhook_delivery.exhausted',
} as const;

export const operationalEventTypes: readonly string[] = Object.values(OPERATIONAL_EVENT);

/** How long before the 5-day auto-disable the `disable_warning` is due: a day. */
const DISABLE_WARNING_LEAD_MS = 86_400_000;
/** A failing endpoint is warned at its first failure once it has failed this long (4 days). */
export const DISABLE_WARNING_AFTER_MS = FAILING_ENDPOINT_DISABLE_MS - DISABLE_WARNING_LEAD_MS;

const ZInstant = z.iso.datetime({ offset: true });

export const ZEndpointFailingData = ZWebhookEndpoint.extend({
  stage: z
    .enum(['started', 'disable_warning'])
    .describe(
      '`started`: the first failure after a success (or since the endpoint was created or enabled); ' +
        '`disable_warning`: the first failure once it has failed for 4 days, a day before it is disabled.',
    ),
  failing_since: ZInstant.describe('Since when every delivery to the endpoint has failed.'),
  disables_at: ZInstant.describe(
    'From this moment the next failure disables the endpoint (failing_since + 5 days), unless a delivery succeeds first.',
  ),
});

export const ZEndpointRecoveredData = ZWebhookEndpoint.extend({
  failing_from: ZInstant.describe('When the failing period this success ends began (its `started` event).'),
  recovered_at: ZInstant.describe('When the successful attempt was recorded.'),
});

export const ZDeliveryExhaustedData = z.object({
  delivery_id: z.uuid().describe('The delivery whose schedule ran out (GET /v1/webhook-endpoints/{id}/deliveries).'),
  endpoint_id: z.uuid(),
  event_id: z.uuid().describe('The event it carried (its webhook-id).'),
  event_type: z.string(),
  attempts: z.int().describe('Attempts made, all failed.'),
  last_status: z.int().nullable().describe('The HTTP status of the last attempt; null when no answer came.'),
  last_error: z.string().nullable().describe('Why the last attempt failed.'),
});

const endpointExample = {
  id: '4f1c8e2a-6b3d-4c5e-9f70-8a1b2c3d4e5f',
  url: 'https://hooks.example.com/fsa',
  description: 'CRM sync',
  enabled_events: ['customer.created', 'job.created'],
  metadata: {},
  disabled: false,
  disabled_reason: null,
  failing_since: '2027-01-03T09:00:00.000Z',
  last_error: 'HTTP 503',
  max_per_second: null,
  previous_secret_expires_at: null,
  created_at: '2026-12-01T08:00:00.000Z',
  updated_at: '2026-12-01T08:00:00.000Z',
  signature_schemes: ['v1'],
  event_payload: 'full',
  signing_keys_url: 'https://api.example.com/api/v1/webhook-endpoints/4f1c8e2a-6b3d-4c5e-9f70-8a1b2c3d4e5f/jwks.json',
  signing_key_id: null,
  signing_public_key: null,
  previous_signing_key_expires_at: null,
};

const LOOP_RULE =
  ' Never emitted by the outcome of an operational event’s own delivery (a receiver that is down cannot make events ' +
  'about itself forever), nor for A2A push-notification endpoints.';

/**
 * The operational events, each a catalogue type (enabled_events, the event-types endpoint, the OpenAPI
 * `webhooks` section), recorded in the outbox of the endpoint's business in the transaction that
 * records the attempt causing them (operational-events.query.ts), aggregate `webhook_endpoint`.
 */
export const operationalEventDefinitions = [
  {
    type: OPERATIONAL_EVENT.disabled,
    description:
      'A webhook endpoint of the business was disabled by the delivery side: it answered 410 Gone, or every delivery ' +
      'to it failed for 5 days. `data` is the endpoint as GET /v1/webhook-endpoints/{id} shows it (`disabled_reason`, ' +
      '`last_error`). Once per disabling; not when its owner disables it. Sent to the business’s other endpoints that ' +
      'enabled it (a disabled endpoint receives nothing).',
    emittedBy: [],
    entityType: 'webhook_endpoint',
    data: ZWebhookEndpoint,
    example: {
      ...endpointExample,
      disabled: true,
      disabled_reason: 'Every delivery failed for 5 days.',
      failing_since: '2026-12-29T09:00:00.000Z',
    },
  },
  {
    type: OPERATIONAL_EVENT.failing,
    description:
      'A webhook endpoint of the business started failing (`stage: "started"`: the first failed attempt after a ' +
      'success), or has failed for 4 days and will be disabled at its first failure after `disables_at` ' +
      '(`stage: "disable_warning"`, once per failing period). `data` is the endpoint as GET shows it, with the stage ' +
      'and `disables_at`.' +
      LOOP_RULE,
    emittedBy: [],
    entityType: 'webhook_endpoint',
    data: ZEndpointFailingData,
    example: { ...endpointExample, stage: 'started', disables_at: '2027-01-08T09:00:00.000Z' },
  },
  {
    type: OPERATIONAL_EVENT.recovered,
    description:
      'A failing webhook endpoint of the business answered 2xx again: the first success after a failing period ' +
      'announced by `webhook_endpoint.failing`. `data` is the endpoint as GET shows it, with `failing_from` and ' +
      '`recovered_at`.' +
      LOOP_RULE,
    emittedBy: [],
    entityType: 'webhook_endpoint',
    data: ZEndpointRecoveredData,
    example: {
      ...endpointExample,
      failing_since: null,
      failing_from: '2027-01-03T09:00:00.000Z',
      recovered_at: '2027-01-03T11:42:10.512Z',
    },
  },
  {
    type: OPERATIONAL_EVENT.exhausted,
    description:
      'A delivery to a webhook endpoint of the business used up its retry schedule and is now `failed` (a 410 Gone ' +
      'reports `webhook_endpoint.disabled` instead). `data` names the delivery, its event and the last attempt. ' +
      'Once per delivery.' +
      LOOP_RULE,
    emittedBy: [],
    entityType: 'webhook_endpoint',
    data: ZDeliveryExhaustedData,
    example: {
      delivery_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      endpoint_id: endpointExample.id,
      event_id: '0d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a',
      event_type: 'job.created',
      attempts: 8,
      last_status: 503,
      last_error: 'HTTP 503',
    },
  },
] as const;
