import { findDeliveryLogEntry, listAttemptLog } from '../../services/webhooks/delivery-log.query.ts';
import { findWebhookEndpoint } from '../../services/webhooks/endpoints.query.ts';
import { deliveryNotFound, deliveryView, endpointNotFound } from '../../services/webhooks/views.ts';
import { webhookManagementProcedure } from '../../trpc.ts';
import { ZGetWebhookDeliveryInput, ZGetWebhookDeliveryOutput } from './get-webhook-delivery.schema.ts';

/** One delivery of the log with the whole body it sends (a list cuts long bodies). */
export const getWebhookDelivery = webhookManagementProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/v1/webhook-endpoints/{id}/deliveries/{delivery_id}',
      operationId: 'webhooks-getDelivery',
      tags: ['Webhooks'],
      summary: 'Get one webhook delivery: the request it sends and its attempts',
      description:
        'The delivery with its state, the whole request body every attempt sent, and its latest attempts (at most ' +
        '20): when, latency, the request headers sent, the response status and the first KiB of the response body, ' +
        'or the error.',
      errorResponses: { 404: 'No such endpoint in this business, or no such delivery of it (RESOURCE_NOT_FOUND).' },
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZGetWebhookDeliveryInput)
  .output(ZGetWebhookDeliveryOutput)
  .query(async ({ ctx, input }) => {
    // The endpoint first: an A2A push config's endpoint (hidden from management) is not found, nor its deliveries.
    if (!(await findWebhookEndpoint(ctx.sql, ctx.businessId, input.id))) throw endpointNotFound(input.id);
    const row = await findDeliveryLogEntry(ctx.sql, ctx.businessId, input.id, input.delivery_id);
    if (!row) throw deliveryNotFound(input.delivery_id);
    return deliveryView(row, await listAttemptLog(ctx.sql, ctx.businessId, [row.id]));
  });
