import { router } from '../../trpc.ts';
import { createWebhookEndpoint } from './create-webhook-endpoint.ts';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint.ts';
import { getWebhookDelivery } from './get-webhook-delivery.ts';
import { getWebhookEndpoint } from './get-webhook-endpoint.ts';
import { getWebhookSigningKeys } from './get-webhook-signing-keys.ts';
import { listEventTypes } from './list-event-types.ts';
import { listWebhookDeliveries } from './list-webhook-deliveries.ts';
import { listWebhookEndpoints } from './list-webhook-endpoints.ts';
import { recoverWebhookDeliveries } from './recover-webhook-deliveries.ts';
import { resendWebhookEvent } from './resend-webhook-event.ts';
import { retryWebhookDelivery } from './retry-webhook-delivery.ts';
import { rotateWebhookSecret } from './rotate-webhook-secret.ts';
import { rotateWebhookSigningKey } from './rotate-webhook-signing-key.ts';
import { sendTestEvent } from './send-test-event.ts';
import { updateWebhookEndpoint } from './update-webhook-endpoint.ts';

/**
 * Webhook endpoint management (REST under /v1/webhook-endpoints, and /api/trpc), each procedure acting
 * inside the business of a workspace API token holding webhooks:manage, except `listEventTypes` (the
 * catalogue is documentation) and `getWebhookSigningKeys` (public keys), which are public. `listEventTypes` comes
 * before `getWebhookEndpoint`: REST routes are registered in this order, and the literal path
 * /v1/webhook-endpoints/event-types must win over /v1/webhook-endpoints/{id}.
 */
export const webhooksRouter = router({
  listEventTypes,
  listWebhookEndpoints,
  createWebhookEndpoint,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  rotateWebhookSigningKey,
  getWebhookSigningKeys,
  listWebhookDeliveries,
  sendTestEvent,
  retryWebhookDelivery,
  getWebhookDelivery,
  recoverWebhookDeliveries,
  resendWebhookEvent,
});
