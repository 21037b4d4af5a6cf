import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';
import { WebhookDelivery } from './webhook-delivery.ts';

/**
 * One HTTP attempt of a delivery, for the deliveries log: when, how long, the response code and the
 * first KiB of the response body (truncated: a receiver cannot fill the database), or the error
 * (timeout, refused address, connection reset), and the request headers it sent. Append-only.
 */
export const WebhookAttempt = defineEntity({
  name: 'WebhookAttempt',
  tableName: 'webhook_attempts',
  indexes: [{ name: 'webhook_attempts_delivery_idx', properties: ['deliveryId', 'attemptedAt'] }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    deliveryId: p
      .manyToOne(WebhookDelivery)
      .mapToPk()
      .fieldName('delivery_id')
      .deleteRule('cascade')
      .updateRule('no action'),
    businessId: businessReference(),
    attemptedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    durationMs: p.integer(),
    responseStatus: p.integer().nullable(),
    /** At most 1 KiB of the response body. */
    responseBody: p.text().nullable(),
    error: p.text().nullable(),
    /**
     * The headers the attempt sent (webhook-*, content-type, user-agent: never a credential), for the log;
     * null when nothing was posted.
     */
    requestHeaders: p.json<Record<string, string>>().columnType('json').nullable(),
  }),
});
