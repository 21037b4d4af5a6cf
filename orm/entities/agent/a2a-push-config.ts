import { defineEntity } from '@mikro-orm/core';
import { WebhookEndpoint } from '../webhooks/webhook-endpoint.ts';
import { AgentTask } from './agent-task.ts';

/**
 * An A2A push notification config (core/services/a2a/push/): what the webhook endpoint it owns
 * (`endpointId`, the delivery target of the webhook engine) does not hold. Bound to the OAuth grant
 * that created it: only that grant reads, lists or deletes it. The token is the endpoint's sealed
 * secret; the authentication credentials are sealed here (never stored or answered in clear).
 * Read and written with SQL by core/services/a2a/push/push-configs.query.ts.
 */
export const A2aPushConfig = defineEntity({
  name: 'A2aPushConfig',
  tableName: 'a2a_push_configs',
  uniques: [{ name: 'a2a_push_configs_task_config_unique', properties: ['taskId', 'ownerGrantId', 'configId'] }],
  indexes: [{ name: 'a2a_push_configs_grant_idx', properties: ['ownerGrantId'] }],
  properties: (p) => ({
    endpointId: p
      .manyToOne(WebhookEndpoint)
      .primary()
      .mapToPk()
      .fieldName('endpoint_id')
      .deleteRule('cascade')
      .updateRule('no action'),
    taskId: p.manyToOne(AgentTask).mapToPk().fieldName('task_id').deleteRule('cascade').updateRule('no action'),
    /** The client's id for the config, or the server's when it named none; unique per task and grant. */
    configId: p.string().length(200),
    ownerGrantId: p.uuid(),
    /** Whether the client gave a token (sent as X-A2A-Notification-Token; it keys the signature). */
    hasToken: p.boolean(),
    authScheme: p.string().length(40).nullable(),
    authCredentialsCiphertext: p.text().nullable(),
    /** The A2A version the config was created in: its deliveries' body is written in that version. */
    wireVersion: p.enum(['0.3', '1.0']).columnType('varchar(3)'),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  }),
});
