import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';
import { WebhookEndpoint } from './webhook-endpoint.ts';

/** A delivery waits (`pending`, with `nextAttemptAt`), succeeded, or gave up after its last retry. */
export const webhookDeliveryStates = ['pending', 'delivered', 'failed'] as const;

/**
 * One event to one endpoint. `eventId` is the stable `webhook-id` every attempt carries (receivers
 * deduplicate on it; unique per endpoint so an event is queued once), `payload` the exact JSON body
 * sent, so retries sign and send the same bytes. Workers claim due pending rows with FOR UPDATE SKIP
 * LOCKED (the partial index) and hold them for `lockedUntil`. Read and written with SQL by
 * core/services/webhooks.
 */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  uniques: [
    { name: 'webhook_deliveries_business_id_id_unique', properties: ['businessId', 'id'] },
    { name: 'webhook_deliveries_event_unique', properties: ['endpointId', 'eventId'] },
  ],
  indexes: [
    {
      name: 'webhook_deliveries_due_idx',
      expression:
        "create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where state = 'pending'",
    },
    {
      // The claim's fairness: one probe per business with something pending, then its oldest due.
      name: 'webhook_deliveries_pending_business_idx',
      expression:
        "create index webhook_deliveries_pending_business_idx on webhook_deliveries (business_id, next_attempt_at) where state = 'pending'",
    },
    { name: 'webhook_deliveries_endpoint_idx', properties: ['endpointId', 'createdAt', 'id'] },
    {
      // Recover's walk over an endpoint's failed deliveries, and the log's state=failed filter.
      name: 'webhook_deliveries_failed_idx',
      expression:
        "create index webhook_deliveries_failed_idx on webhook_deliveries (endpoint_id, created_at, id) where state = 'failed'",
    },
    // The log's event_type filter.
    { name: 'webhook_deliveries_endpoint_type_idx', properties: ['endpointId', 'eventType', 'createdAt', 'id'] },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    endpointId: p
      .manyToOne(WebhookEndpoint)
      .mapToPk()
      .fieldName('endpoint_id')
      .deleteRule('cascade')
      .updateRule('no action'),
    eventId: p.uuid(),
    eventType: p.string().length(100),
    payload: p.text(),
    state: p
      .enum([...webhookDeliveryStates])
      .columnType('varchar(20)')
      .default('pending'),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime(),
    lockedUntil: p.datetime().nullable(),
    lastStatus: p.integer().nullable(),
    lastError: p.text().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    deliveredAt: p.datetime().nullable(),
  }),
});
