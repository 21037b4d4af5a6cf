import { rotateWebhookEndpointSecret } from '../../services/webhooks/endpoints.query.ts';
import { newWebhookSecret, sealWebhookSecret } from '../../services/webhooks/secret-box.ts';
import { endpointNotFound, endpointView } from '../../services/webhooks/views.ts';
import { webhookManagementProcedure } from '../../trpc.ts';
import { ZRotateWebhookSecretInput, ZRotateWebhookSecretOutput } from './rotate-webhook-secret.schema.ts';

/**
 * Replaces the signing secret. The previous one keeps signing beside the new one (two signatures in
 * webhook-signature) for WEBHOOK_SECRET_OVERLAP_HOURS (default 24), so a receiver can switch
 * without dropping a delivery; then only the new one signs.
 */
export const rotateWebhookSecret = webhookManagementProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/v1/webhook-endpoints/{id}/rotate-secret',
      operationId: 'webhooks-rotateSecret',
      tags: ['Webhooks'],
      summary: "Rotate a webhook endpoint's signing secret",
      description:
        'Answers a new secret, shown this once. Until previous_secret_expires_at (24 hours by default) every ' +
        'delivery is signed with both secrets, so a receiver verifying with either accepts it; then the old one stops. ' +
        'Rotating again within that time drops the older secret at once.',
      errorResponses: { 404: 'No such endpoint in this business (RESOURCE_NOT_FOUND).' },
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZRotateWebhookSecretInput)
  .output(ZRotateWebhookSecretOutput)
  .mutation(async ({ ctx, input }) => {
    const secret = newWebhookSecret();
    const key = await ctx.services.webhooks.secretKey(ctx.log);
    const now = ctx.clock.now();
    const previousExpiresAt = new Date(now.getTime() + ctx.services.webhooks.secretOverlapHours * 3_600_000);
    const row = await rotateWebhookEndpointSecret(
      ctx.sql,
      ctx.businessId,
      input.id,
      sealWebhookSecret(key, input.id, secret),
      previousExpiresAt,
      now,
    );
    if (!row) throw endpointNotFound(input.id);
    return { ...endpointView(row, now, ctx.urls.base), secret };
  });
