import { z } from 'zod';
import { listAttemptLog, listDeliveryLog } from '../../services/webhooks/delivery-log.query.ts';
import { findWebhookEndpoint } from '../../services/webhooks/endpoints.query.ts';
import { deliveryView, endpointNotFound } from '../../services/webhooks/views.ts';
import { decodeCursor, toCursorPage } from '../../services/workspace/cursor.ts';
import { webhookManagementProcedure } from '../../trpc.ts';
import { ZListWebhookDeliveriesInput, ZListWebhookDeliveriesOutput } from './list-webhook-deliveries.schema.ts';

/** The id of the page's last delivery. */
const ZKey = z.tuple([z.uuid()]);

export const listWebhookDeliveries = webhookManagementProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/v1/webhook-endpoints/{id}/deliveries',
      operationId: 'webhooks-listDeliveries',
      tags: ['Webhooks'],
      summary: "List a webhook endpoint's deliveries and their attempts",
      description:
        'Newest first, optionally only one state, event type or event: each delivery with its state, the request ' +
        'body it sends (the first 8,192 characters here) and its latest attempts (when, latency, the request headers ' +
        'sent, the response status and the first KiB of the response body, or the error). Delivered and given-up ' +
        'deliveries are kept for 30 days.',
      errorResponses: {
        400: 'An invalid filter: an unknown state or event type, or an event_id that is not a UUID (VALIDATION_FAILED).',
        404: 'No such endpoint in this business, so no deliveries to list (RESOURCE_NOT_FOUND).',
      },
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZListWebhookDeliveriesInput)
  .output(ZListWebhookDeliveriesOutput)
  .query(async ({ ctx, input }) => {
    const key = decodeCursor(input.cursor, ZKey);
    if (!(await findWebhookEndpoint(ctx.sql, ctx.businessId, input.id))) throw endpointNotFound(input.id);
    const rows = await listDeliveryLog(
      ctx.sql,
      ctx.businessId,
      input.id,
      { state: input.state, eventType: input.event_type, eventId: input.event_id },
      key?.[0],
      input.limit,
    );
    const page = rows.slice(0, input.limit);
    const attempts = await listAttemptLog(
      ctx.sql,
      ctx.businessId,
      page.map((row) => row.id),
    );
    return toCursorPage(
      rows,
      input.limit,
      (row) => [row.id],
      (row) =>
        deliveryView(
          row,
          attempts.filter((attempt) => attempt.delivery_id === row.id),
        ),
    );
  });
