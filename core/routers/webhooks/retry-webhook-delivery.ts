import { AppError } from '../../errors/index.ts';
import { findWebhookDelivery, requeueWebhookDelivery } from '../../services/webhooks/deliveries.query.ts';
import { findWebhookEndpoint } from '../../services/webhooks/endpoints.query.ts';
import { sendNowIfPossible } from '../../services/webhooks/send-now.ts';
import { sendNowDueAt } from '../../services/webhooks/sender-port.ts';
import { deliveryNotFound, endpointNotFound } from '../../services/webhooks/views.ts';
import { webhookSendNowProcedure } from '../../trpc.ts';
import { ZRetryWebhookDeliveryInput, ZRetryWebhookDeliveryOutput } from './retry-webhook-delivery.schema.ts';

/** Sends one delivery again now, whatever its state (a delivered one too: the receiver deduplicates on webhook-id). */
export const retryWebhookDelivery = webhookSendNowProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/retry',
      operationId: 'webhooks-retryDelivery',
      tags: ['Webhooks'],
      summary: 'Retry a webhook delivery now',
      description:
        'Queues the delivery again (same event id and body, a new timestamp and signature) and sends it now, answering ' +
        'the outcome of that attempt.',
      errorResponses: {
        404: 'No such endpoint in this business, or no such delivery of it (RESOURCE_NOT_FOUND).',
        409: 'The endpoint is disabled, or the delivery is being sent right now (CONFLICT).',
        429: 'Too many test and retry requests of this business: per minute, or in flight at once (RATE_LIMITED).',
      },
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZRetryWebhookDeliveryInput)
  .output(ZRetryWebhookDeliveryOutput)
  .mutation(async ({ ctx, input }) => {
    const endpoint = await findWebhookEndpoint(ctx.sql, ctx.businessId, input.id);
    if (!endpoint) throw endpointNotFound(input.id);
    if (endpoint.disabled)
      throw new AppError('CONFLICT', 'The endpoint is disabled; enable it (PATCH disabled: false) before retrying.');
    const now = ctx.clock.now();
    const requeued = await requeueWebhookDelivery(
      ctx.sql,
      ctx.businessId,
      endpoint.id,
      input.delivery_id,
      now,
      sendNowDueAt(ctx.services.webhookSender, now),
    );
    if (!requeued) {
      if (!(await findWebhookDelivery(ctx.sql, ctx.businessId, endpoint.id, input.delivery_id)))
        throw deliveryNotFound(input.delivery_id);
      throw new AppError('CONFLICT', 'The delivery is being sent right now; look at its log in a moment.');
    }
    return sendNowIfPossible(ctx.services.webhookSender, requeued, ctx.log);
  });
