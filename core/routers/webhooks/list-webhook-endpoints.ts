import { z } from 'zod';
import { decodeCursor, toCursorPage } from '../../services/workspace/cursor.ts';
import { listWebhookEndpoints as listEndpointRows } from '../../services/webhooks/endpoints.query.ts';
import { endpointView } from '../../services/webhooks/views.ts';
import { webhookManagementProcedure } from '../../trpc.ts';
import { ZListWebhookEndpointsInput, ZListWebhookEndpointsOutput } from './list-webhook-endpoints.schema.ts';

/** The id of the page's last endpoint. */
const ZKey = z.tuple([z.uuid()]);

export const listWebhookEndpoints = webhookManagementProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/v1/webhook-endpoints',
      operationId: 'webhooks-listEndpoints',
      tags: ['Webhooks'],
      summary: "List the business's webhook endpoints",
      description:
        'Oldest first, 25 per page by default (`limit` up to 100); pass `next_cursor` as `cursor` for the next page. Secrets are never shown.',
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZListWebhookEndpointsInput)
  .output(ZListWebhookEndpointsOutput)
  .query(async ({ ctx, input }) => {
    const key = decodeCursor(input.cursor, ZKey);
    const rows = await listEndpointRows(ctx.sql, ctx.businessId, key?.[0], input.limit);
    const now = ctx.clock.now();
    return toCursorPage(
      rows,
      input.limit,
      (row) => [row.id],
      (row) => endpointView(row, now, ctx.urls.base),
    );
  });
