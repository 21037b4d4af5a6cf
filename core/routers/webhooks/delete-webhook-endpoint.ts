import { deleteWebhookEndpoint as deleteEndpointRow } from '../../services/webhooks/endpoints.query.ts';
import { endpointNotFound } from '../../services/webhooks/views.ts';
import { webhookManagementProcedure } from '../../trpc.ts';
import { ZDeleteWebhookEndpointInput, ZDeleteWebhookEndpointOutput } from './delete-webhook-endpoint.schema.ts';

export const deleteWebhookEndpoint = webhookManagementProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/v1/webhook-endpoints/{id}',
      operationId: 'webhooks-deleteEndpoint',
      tags: ['Webhooks'],
      summary: 'Delete a webhook endpoint',
      description: 'Deletes the endpoint with its pending deliveries and its delivery log; nothing more is sent to it.',
      errorResponses: { 404: 'No such endpoint in this business (RESOURCE_NOT_FOUND).' },
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZDeleteWebhookEndpointInput)
  .output(ZDeleteWebhookEndpointOutput)
  .mutation(async ({ ctx, input }) => {
    if (!(await deleteEndpointRow(ctx.sql, ctx.businessId, input.id))) throw endpointNotFound(input.id);
    return { id: input.id, deleted: true as const };
  });
