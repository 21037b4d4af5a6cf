import { findWebhookEndpoint } from '../../services/webhooks/endpoints.query.ts';
import { endpointNotFound, endpointView } from '../../services/webhooks/views.ts';
import { webhookManagementProcedure } from '../../trpc.ts';
import { ZGetWebhookEndpointInput, ZGetWebhookEndpointOutput } from './get-webhook-endpoint.schema.ts';

export const getWebhookEndpoint = webhookManagementProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/v1/webhook-endpoints/{id}',
      operationId: 'webhooks-getEndpoint',
      tags: ['Webhooks'],
      summary: 'Get a webhook endpoint',
      description:
        'The endpoint, its subscription and its health (disabled, failing_since, last_error); never its secret.',
      errorResponses: { 404: 'No such endpoint in this business (RESOURCE_NOT_FOUND).' },
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZGetWebhookEndpointInput)
  .output(ZGetWebhookEndpointOutput)
  .query(async ({ ctx, input }) => {
    const row = await findWebhookEndpoint(ctx.sql, ctx.businessId, input.id);
    if (!row) throw endpointNotFound(input.id);
    return endpointView(row, ctx.clock.now(), ctx.urls.base);
  });
