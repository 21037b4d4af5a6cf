import type { OpenAPIObject } from 'trpc-to-openapi';
import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';
import { webhookEnvelope, webhookEventCatalogue } from '../../../core/services/webhooks/event-catalogue.ts';

/** The name of the bearer scheme of the operations that need a workspace API token. */
export const WORKSPACE_TOKEN_SCHEME = 'workspaceApiToken';

export const workspaceTokenScheme = {
  type: 'http' as const,
  scheme: 'bearer',
  bearerFormat: 'fsa_ws_...',
  description:
    'A workspace API token (`fsa_ws_...`, bound to one business). Webhook endpoint management needs the webhooks:manage scope. ' +
    'OAuth access tokens are not accepted here: they are for the MCP resource alone.',
};

const headerDescription =
  'Every delivery carries the Standard Webhooks headers webhook-id (the event id, stable across retries), ' +
  'webhook-timestamp (Unix seconds, per attempt) and webhook-signature (`v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` ' +
  "with the endpoint secret, and/or `v1a,<base64 ed25519 signature of the same>` as the endpoint's signature_schemes choose; " +
  'space-separated while a rotated secret or key still signs), X-Service-Signature with the same value, and Content-Type: application/json. ' +
  'The ed25519 public keys of an endpoint are the JWKS at {base_url}/v1/webhook-endpoints/{id}/jwks.json (its signing_keys_url; ' +
  'no credential). An endpoint with event_payload "thin" receives the envelope without data. ' +
  'Verify the signature over the raw body before trusting anything in it.';

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event type of the catalogue, each a POST whose
 * body is the envelope {id, type, created_at, business_id, data} with that type's data schema, the
 * very zod schemas the event-types endpoint and the deliveries use. Rendered by zod-openapi like the
 * paths (trpc-to-openapi passes no webhooks through), its component schemas merged into the document's.
 */
export function webhooksSection(): {
  webhooks: NonNullable<OpenAPIObject['webhooks']>;
  schemas: NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>;
} {
  const webhooks: ZodOpenApiPathsObject = {};
  for (const event of webhookEventCatalogue) {
    webhooks[event.type] = {
      post: {
        operationId: `webhook-${event.type.replace(/\./g, '-')}`,
        tags: ['Webhooks'],
        summary: event.type,
        description: `${event.description}\n\n${headerDescription}`,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: webhookEnvelope(event.type, event.entityType, event.data) } },
        },
        responses: {
          '200': {
            description:
              'Any 2xx marks the delivery delivered. 410 Gone disables the endpoint; 429 and 503 may carry Retry-After; ' +
              'anything else (or no answer within 15 seconds) is retried on the schedule.',
          },
        },
      },
    };
  }
  const rendered = createDocument({ openapi: '3.1.0', info: { title: 'webhooks', version: '1' }, webhooks });
  return { webhooks: rendered.webhooks ?? {}, schemas: rendered.components?.schemas ?? {} };
}
