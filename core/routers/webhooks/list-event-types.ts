import { webhookEventCatalogue } from '../../services/webhooks/event-catalogue.ts';
import { webhookManagementProcedure } from '../../trpc.ts';
import { ZListEventTypesInput, ZListEventTypesOutput } from './list-event-types.schema.ts';

/** The event catalogue (core/services/webhooks/event-catalogue.ts); each type's payload schema is in the OpenAPI `webhooks` section. */
export const listEventTypes = webhookManagementProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/v1/webhook-endpoints/event-types',
      operationId: 'webhooks-listEventTypes',
      tags: ['Webhooks'],
      summary: 'List the webhook event types',
      description:
        'The event types an endpoint can subscribe to, with what emits each. The payload of each type is described in ' +
        "this document's `webhooks` section: the envelope {id, type, created_at, business_id, data}.",
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZListEventTypesInput)
  .output(ZListEventTypesOutput)
  .query(() => ({
    items: webhookEventCatalogue.map((event) => ({
      type: event.type,
      description: event.description,
      emitted_by: [...event.emittedBy],
    })),
  }));
