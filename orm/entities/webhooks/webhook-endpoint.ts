import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';
import { AgentTask } from '../agent/agent-task.ts';

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
  indexes: [
    { name: 'webhook_endpoints_business_idx', properties: ['businessId', 'createdAt', 'id'] },
    {
      name: 'webhook_endpoints_a2a_task_idx',
      expression:
        'create index webhook_endpoints_a2a_task_idx on webhook_endpoints (a2a_task_id) where a2a_task_id is not null',
    },
  ],
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
    /** What signs a delivery: `v1` (HMAC with the secret), `v1a` (ed25519 with the key pair), or both. */
    signatureSchemes: p.json<string[]>().columnType('json').defaultRaw(`'["v1"]'`),
    /** `full`: deliveries carry the event's data; `thin`: only a reference to fetch it. */
    eventPayload: p.enum(['full', 'thin']).columnType('varchar(10)').default('full'),
    /** The ed25519 private key (PKCS#8), sealed like the secret; made when the endpoint first signs with v1a. */
    signingKeyCiphertext: p.text().nullable(),
    /** The public key as the JWK `x` (base64url), published in the endpoint's JWKS. */
    signingPublicKey: p.text().nullable(),
    /** The public key's RFC 7638 thumbprint, its `kid`. */
    signingKeyId: p.text().nullable(),
    previousSigningKeyCiphertext: p.text().nullable(),
    previousSigningPublicKey: p.text().nullable(),
    previousSigningKeyId: p.text().nullable(),
    previousSigningKeyExpiresAt: p.datetime().nullable(),
    failingSince: p.datetime().nullable(),
    lastError: p.text().nullable(),
    /**
     * The A2A task whose push notification config owns this endpoint (core/services/a2a/push/); null for
     * a business's own endpoint. Such an endpoint is deleted with its task and hidden from management.
     */
    a2aTaskId: p
      .manyToOne(AgentTask)
      .mapToPk()
      .fieldName('a2a_task_id')
      .nullable()
      .deleteRule('cascade')
      .updateRule('no action'),
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
