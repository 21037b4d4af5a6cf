import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors/index.ts';
import { insertWebhookEndpointWithinLimit } from '../../services/webhooks/endpoints.query.ts';
import { newWebhookSecret, sealWebhookSecret } from '../../services/webhooks/secret-box.ts';
import { endpointSigningChoice } from '../../services/webhooks/signing-choice.ts';
import { assertWebhookUrl } from '../../services/webhooks/url-policy.ts';
import { endpointView } from '../../services/webhooks/views.ts';
import { webhookManagementProcedure } from '../../trpc.ts';
import { ZCreateWebhookEndpointInput, ZCreateWebhookEndpointOutput } from './create-webhook-endpoint.schema.ts';
import { WEBHOOK_LIMITS } from './webhook-endpoint.schema.ts';

/**
 * Creates an endpoint with a new signing secret, answered this once and stored only encrypted. The
 * URL is checked here (scheme, userinfo, an IP literal's range); a host name is checked at every
 * connection by the delivery side.
 */
export const createWebhookEndpoint = webhookManagementProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/v1/webhook-endpoints',
      operationId: 'webhooks-createEndpoint',
      tags: ['Webhooks'],
      summary: 'Create a webhook endpoint',
      description:
        'Subscribes a URL to event types of the business (or ["*"] for all). The answer carries the signing secret ' +
        'this once: store it; it is never shown again (rotate-secret makes a new one). At most 20 ' +
        'endpoints per business.',
      successDescription: 'The endpoint created, with its secret shown this once.',
      errorResponses: {
        400: 'An invalid field (VALIDATION_FAILED, naming it), or a refused URL (WEBHOOK_URL_REFUSED, saying why).',
        409: 'The business already has 20 endpoints (WEBHOOK_ENDPOINT_LIMIT_REACHED).',
      },
    },
    rest: { successStatus: 201, credential: 'workspace_api_token' },
  })
  .input(ZCreateWebhookEndpointInput)
  .output(ZCreateWebhookEndpointOutput)
  .mutation(async ({ ctx, input }) => {
    assertWebhookUrl(input.url, ctx.services.webhooks.allowPrivateUrls);
    const id = randomUUID();
    const secret = newWebhookSecret();
    const key = await ctx.services.webhooks.secretKey(ctx.log);
    const now = ctx.clock.now();
    const row = await insertWebhookEndpointWithinLimit(
      ctx.em,
      {
        id,
        businessId: ctx.businessId,
        url: input.url,
        description: input.description || null,
        enabledEvents: input.enabled_events,
        metadata: input.metadata ?? {},
        secretCiphertext: sealWebhookSecret(key, id, secret),
        now,
        signing: await endpointSigningChoice(async () => key, id, input),
      },
      WEBHOOK_LIMITS.endpointsPerBusiness,
    );
    if (!row) {
      throw new AppError(
        'WEBHOOK_ENDPOINT_LIMIT_REACHED',
        `The business already has ${WEBHOOK_LIMITS.endpointsPerBusiness} webhook endpoints, the most it may have.`,
      );
    }
    return { ...endpointView(row, now, ctx.urls.base), secret };
  });
