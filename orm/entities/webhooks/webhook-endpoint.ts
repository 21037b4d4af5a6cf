import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/**
 * A business's webhook endpoint: where its events are POSTed, which event types it wants (`["*"]` for
 * all) and the signing secret, kept only encrypted (the OAuth key-encryption key): a database dump
 * alone cannot sign a forged delivery. After a rotation the previous secret keeps signing too until
 * `previousSecretExpiresAt`, so receivers can switch without dropping deliveries. `failingSince` and
 * `lastError` record a run of failed deliveries; the delivery side sets `disabled` with a reason
 * when that run lasts too long. Read and written with SQL by core/services/webhooks.
 */
export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  uniques: [{ name: 'webhook_endpoints_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [{ name: 'webhook_endpoints_business_idx', properties: ['businessId', 'createdAt', 'id'] }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    url: p.text(),
    description: p.string().length(500).nullable(),
    /** Event types (see core/services/webhooks/event-catalogue.ts), or exactly `["*"]`. */
    enabledEvents: p.json<string[]>().columnType('json'),
    metadata: p.json<Record<string, string>>().columnType('json').defaultRaw(`'{}'`),
    disabled: p.boolean().default(false),
    disabledReason: p.text().nullable(),
    secretCiphertext: p.text(),
    previousSecretCiphertext: p.text().nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    failingSince: p.datetime().nullable(),
    lastError: p.text().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
