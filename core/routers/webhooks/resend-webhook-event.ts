import { AppError } from '../../errors/index.ts';
import { findWebhookEndpoint } from '../../services/webhooks/endpoints.query.ts';
import { resendEvent } from '../../services/webhooks/resend-event.ts';
import { endpointNotFound } from '../../services/webhooks/views.ts';
import { webhookRequeueProcedure } from '../../trpc.ts';
import { ZResendWebhookEventInput, ZResendWebhookEventOutput } from './resend-webhook-event.schema.ts';

/** Sends one event to one endpoint again, through the queue (resend-event.ts). */
export const resendWebhookEvent = webhookRequeueProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/v1/webhook-endpoints/{id}/resend',
      operationId: 'webhooks-resendEvent',
      tags: ['Webhooks'],
      summary: 'Send one event to a webhook endpoint again',
      description:
        'Queues the event for this endpoint: its delivery of the event again when it has one (same webhook-id and body; ' +
        'a pending one is left as it is), otherwise a new delivery of the stored event (kept 30 days) if the endpoint ' +
        'subscribes to its type. The workers send it; the deliveries log shows the outcome.',
      successDescription: 'The delivery queued.',
      errorResponses: {
        404: 'No such endpoint in this business, or no such event of it in the last 30 days (RESOURCE_NOT_FOUND).',
        409: 'The endpoint is disabled, or does not subscribe to the event type (CONFLICT).',
        429: 'Too many test, retry, recover and resend requests of this business per minute (RATE_LIMITED).',
      },
    },
    rest: { successStatus: 202, credential: 'workspace_api_token' },
  })
  .input(ZResendWebhookEventInput)
  .output(ZResendWebhookEventOutput)
  .mutation(async ({ ctx, input }) => {
    const endpoint = await findWebhookEndpoint(ctx.sql, ctx.businessId, input.id);
    if (!endpoint) throw endpointNotFound(input.id);
    if (endpoint.disabled)
      throw new AppError('CONFLICT', 'The endpoint is disabled; enable it (PATCH disabled: false) before resending.');
    const { delivery, outcome } = await resendEvent(ctx.sql, endpoint, input.event_id, ctx.clock.now(), ctx.urls);
    return {
      delivery_id: delivery.id,
      event_id: delivery.event_id,
      event_type: delivery.event_type,
      state: delivery.state,
      outcome,
    };
  });
