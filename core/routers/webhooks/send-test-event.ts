import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors/index.ts';
import { insertWebhookDelivery } from '../../services/webhooks/deliveries.query.ts';
import { findWebhookEndpoint } from '../../services/webhooks/endpoints.query.ts';
import { webhookPayload } from '../../services/webhooks/envelope.ts';
import { WEBHOOK_TEST_EVENT } from '../../services/webhooks/event-catalogue.ts';
import { sendNowIfPossible } from '../../services/webhooks/send-now.ts';
import { sendNowDueAt } from '../../services/webhooks/sender-port.ts';
import { endpointNotFound } from '../../services/webhooks/views.ts';
import { webhookSendNowProcedure } from '../../trpc.ts';
import { ZSendTestEventInput, ZSendTestEventOutput } from './send-test-event.schema.ts';

/**
 * Queues a `webhook.test` event to this endpoint (whatever events it enabled) and sends it now,
 * answering the outcome; it is then an ordinary delivery (logged, retried on failure).
 */
export const sendTestEvent = webhookSendNowProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/v1/webhook-endpoints/{id}/test',
      operationId: 'webhooks-sendTestEvent',
      tags: ['Webhooks'],
      summary: 'Send a test event to a webhook endpoint',
      description:
        "Sends a webhook.test event to the endpoint now, signed like every delivery, and answers the attempt's outcome " +
        '(state, response status, latency). A failed test is retried on the usual schedule like any delivery.',
      errorResponses: {
        404: 'No such endpoint in this business (RESOURCE_NOT_FOUND).',
        409: 'The endpoint is disabled: enable it first (CONFLICT).',
        429: 'Too many test and retry requests of this business: per minute, or in flight at once (RATE_LIMITED).',
      },
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZSendTestEventInput)
  .output(ZSendTestEventOutput)
  .mutation(async ({ ctx, input }) => {
    const endpoint = await findWebhookEndpoint(ctx.sql, ctx.businessId, input.id);
    if (!endpoint) throw endpointNotFound(input.id);
    if (endpoint.disabled)
      throw new AppError('CONFLICT', 'The endpoint is disabled; enable it (PATCH disabled: false) before testing it.');
    const now = ctx.clock.now();
    const eventId = randomUUID();
    const delivery = await insertWebhookDelivery(ctx.sql, {
      id: randomUUID(),
      businessId: ctx.businessId,
      endpointId: endpoint.id,
      eventId,
      eventType: WEBHOOK_TEST_EVENT,
      payload: webhookPayload({
        id: eventId,
        type: WEBHOOK_TEST_EVENT,
        createdAt: now,
        occurredAt: now,
        businessId: ctx.businessId,
        entity: { type: 'webhook_endpoint', id: endpoint.id },
        sequence: 0,
        test: true,
        data: {
          message: 'This is a test delivery from the field-service API.',
          endpoint_id: endpoint.id,
          sent_at: now.toISOString(),
        },
      }),
      now,
      dueAt: sendNowDueAt(ctx.services.webhookSender, now),
    });
    return sendNowIfPossible(ctx.services.webhookSender, delivery, ctx.log);
  });
