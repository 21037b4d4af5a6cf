import { webhookEventCatalogue } from '../../services/webhooks/event-catalogue.ts';
import { cachePublicly } from '../../response-meta.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZListEventTypesInput, ZListEventTypesOutput } from './list-event-types.schema.ts';

/**
 * The event catalogue (core/services/webhooks/event-catalogue.ts); each type's payload schema is in the
 * OpenAPI `webhooks` section. Public, like the document it completes: the same for every caller and
 * nothing about any business, so a developer reads it before holding a token.
 */
export const listEventTypes = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/v1/webhook-endpoints/event-types',
      operationId: 'webhooks-listEventTypes',
      tags: ['Webhooks'],
      summary: 'List the webhook event types',
      description:
        'The event types an endpoint can subscribe to, with what emits each. The payload of each type is described in ' +
        "this document's `webhooks` section: the envelope {id, type, created_at, business_id, data}. No credential " +
        'needed (the other webhook-endpoints operations need a workspace API token). Cached publicly for 5 minutes.',
    },
  })
  .input(ZListEventTypesInput)
  .output(ZListEventTypesOutput)
  .query(({ ctx }) => {
    cachePublicly(ctx, 300);
    return {
      items: webhookEventCatalogue.map((event) => ({
        type: event.type,
        description: event.description,
        emitted_by: [...event.emittedBy],
      })),
    };
  });
