import { updateWebhookEndpoint as updateEndpointRow } from '../../services/webhooks/endpoints.query.ts';
import { endpointSigningChoice } from '../../services/webhooks/signing-choice.ts';
import { assertWebhookUrl } from '../../services/webhooks/url-policy.ts';
import { endpointNotFound, endpointView } from '../../services/webhooks/views.ts';
import { webhookManagementProcedure } from '../../trpc.ts';
import { ZUpdateWebhookEndpointInput, ZUpdateWebhookEndpointOutput } from './update-webhook-endpoint.schema.ts';

/** What disabled_reason says when the owner disabled the endpoint (the delivery side writes its own reasons). */
const DISABLED_BY_OWNER = 'disabled through the API';

export const updateWebhookEndpoint = webhookManagementProcedure
  .meta({
    openapi: {
      method: 'PATCH',
      path: '/v1/webhook-endpoints/{id}',
      operationId: 'webhooks-updateEndpoint',
      tags: ['Webhooks'],
      summary: 'Update a webhook endpoint',
      description:
        'Changes the members given: url, description, enabled_events, metadata, disabled. Enabling a disabled ' +
        'endpoint (disabled: false) clears its reason and failure streak; deliveries resume with new events.',
      errorResponses: {
        400: 'An invalid field (VALIDATION_FAILED, naming it), or a refused URL (WEBHOOK_URL_REFUSED, saying why).',
        404: 'No such endpoint in this business (RESOURCE_NOT_FOUND).',
      },
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZUpdateWebhookEndpointInput)
  .output(ZUpdateWebhookEndpointOutput)
  .mutation(async ({ ctx, input }) => {
    if (input.url !== undefined) assertWebhookUrl(input.url, ctx.services.webhooks.allowPrivateUrls);
    const now = ctx.clock.now();
    const row = await updateEndpointRow(
      ctx.sql,
      ctx.businessId,
      input.id,
      {
        url: input.url,
        description: input.description === undefined ? undefined : input.description || null,
        enabledEvents: input.enabled_events,
        metadata: input.metadata,
        disabled:
          input.disabled === undefined
            ? undefined
            : { value: input.disabled, reason: input.disabled ? DISABLED_BY_OWNER : null },
        signing: await endpointSigningChoice(() => ctx.services.webhooks.secretKey(ctx.log), input.id, input),
      },
      now,
    );
    if (!row) throw endpointNotFound(input.id);
    return endpointView(row, now, ctx.urls.base);
  });
