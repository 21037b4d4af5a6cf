import { findWebhookEndpoint } from '../../services/webhooks/endpoints.query.ts';
import { newSigningKey } from '../../services/webhooks/signing-key.ts';
import { rotateSigningKey } from '../../services/webhooks/signing-keys.query.ts';
import { endpointNotFound, endpointView } from '../../services/webhooks/views.ts';
import { webhookManagementProcedure } from '../../trpc.ts';
import { ZRotateWebhookSigningKeyInput, ZRotateWebhookSigningKeyOutput } from './rotate-webhook-signing-key.schema.ts';

/**
 * Replaces the endpoint's ed25519 key pair. The previous public key stays in the JWKS, and the
 * previous private key keeps signing beside the new one (two v1a signatures), for
 * WEBHOOK_SECRET_OVERLAP_HOURS, as a rotated HMAC secret does; then both leave. Separate from
 * rotate-secret: a public key needs no secret handed over, so rotating one never forces the other.
 */
export const rotateWebhookSigningKey = webhookManagementProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/v1/webhook-endpoints/{id}/rotate-signing-key',
      operationId: 'webhooks-rotateSigningKey',
      tags: ['Webhooks'],
      summary: "Rotate a webhook endpoint's ed25519 signing key",
      description:
        'Makes a new ed25519 key pair (the new signing_key_id). Until previous_signing_key_expires_at (24 hours by ' +
        'default) the previous public key stays in the JWKS at signing_keys_url and every v1a delivery carries a ' +
        'signature by each key; then the previous key leaves both. Rotating again within that time drops the older ' +
        'key at once. An endpoint without a key gets its first.',
      errorResponses: { 404: 'No such endpoint in this business (RESOURCE_NOT_FOUND).' },
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZRotateWebhookSigningKeyInput)
  .output(ZRotateWebhookSigningKeyOutput)
  .mutation(async ({ ctx, input }) => {
    const key = newSigningKey(await ctx.services.webhooks.secretKey(ctx.log), input.id);
    const now = ctx.clock.now();
    const previousExpiresAt = new Date(now.getTime() + ctx.services.webhooks.secretOverlapHours * 3_600_000);
    const rotated = await rotateSigningKey(ctx.sql, ctx.businessId, input.id, key, previousExpiresAt, now);
    const row = rotated ? await findWebhookEndpoint(ctx.sql, ctx.businessId, input.id) : undefined;
    if (!row) throw endpointNotFound(input.id);
    return endpointView(row, now, ctx.urls.base);
  });
