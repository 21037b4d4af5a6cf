import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery, type SqlSource } from '../sql/query.ts';
import { inTransaction } from '../sql/transaction.ts';
import { SIGNING_COLUMNS, signingInsert, signingPatch, type EndpointSigning } from './signing-key-columns.ts';

/** A stored endpoint as its row reads (timestamptz: a Date or its text, depending on the driver). */
export interface WebhookEndpointRow {
  id: string;
  business_id: string;
  url: string;
  description: string | null;
  enabled_events: string[];
  metadata: Record<string, string>;
  disabled: boolean;
  disabled_reason: string | null;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | string | null;
  failing_since: Date | string | null;
  last_error: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** Signature schemes, thin delivery and the public signing keys: signing-key-columns.ts. */
  signature_schemes: unknown;
  event_payload: 'full' | 'thin';
  signing_key_id: string | null;
  signing_public_key: string | null;
  previous_signing_key_id: string | null;
  previous_signing_key_expires_at: Date | string | null;
}

const columns = `id, business_id, url, description, enabled_events, metadata, disabled, disabled_reason, secret_ciphertext,
  previous_secret_ciphertext, previous_secret_expires_at, failing_since, last_error, created_at, updated_at,
  ${SIGNING_COLUMNS}`;

export interface NewWebhookEndpoint {
  id: string;
  businessId: string;
  url: string;
  description: string | null;
  enabledEvents: readonly string[];
  metadata: Record<string, string>;
  secretCiphertext: string;
  now: Date;
  signing: EndpointSigning;
}

/**
 * Stores a new endpoint unless the business already has `limit` of them. The business row is locked
 * first (FOR UPDATE), so two creations racing cannot both pass the count. Answers undefined when the
 * limit is reached.
 */
export function insertWebhookEndpointWithinLimit(
  em: EntityManager,
  endpoint: NewWebhookEndpoint,
  limit: number,
): Promise<WebhookEndpointRow | undefined> {
  return inTransaction(em, async (tx) => {
    await runQuery(tx, { sql: 'select id from businesses where id = ? for update', params: [endpoint.businessId] });
    const [counted] = await runQuery<{ count: string | number }>(tx, {
      sql: 'select count(*) as count from webhook_endpoints where business_id = ? and a2a_task_id is null',
      params: [endpoint.businessId],
    });
    if (Number(counted?.count ?? 0) >= limit) return undefined;
    const signing = signingInsert(endpoint.signing);
    const [row] = await runQuery<WebhookEndpointRow>(tx, {
      sql: `insert into webhook_endpoints
              (id, business_id, url, description, enabled_events, metadata, secret_ciphertext, created_at, updated_at, ${signing.columns})
            values (?, ?, ?, ?, ?::json, ?::json, ?, ?::timestamptz, ?::timestamptz, ${signing.values})
            returning ${columns}`,
      params: [
        endpoint.id,
        endpoint.businessId,
        endpoint.url,
        endpoint.description,
        JSON.stringify(endpoint.enabledEvents),
        JSON.stringify(endpoint.metadata),
        endpoint.secretCiphertext,
        endpoint.now.toISOString(),
        endpoint.now.toISOString(),
        ...signing.params,
      ],
    });
    return row;
  });
}

/** The business's endpoint with this id; undefined for an unknown one or another business's. */
export async function findWebhookEndpoint(
  source: SqlSource,
  businessId: string,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await runQuery<WebhookEndpointRow>(source, {
    sql: `select ${columns} from webhook_endpoints where business_id = ? and id = ? and a2a_task_id is null`,
    params: [businessId, id],
  });
  return row;
}

/**
 * One page of the business's endpoints, oldest first, after the endpoint `afterId` (the cursor names
 * the last row; its exact created_at is read back here, so no timestamp travels through the client);
 * `limit + 1` rows to tell whether more follow.
 */
export function listWebhookEndpoints(
  source: SqlSource,
  businessId: string,
  afterId: string | undefined,
  limit: number,
): Promise<WebhookEndpointRow[]> {
  return runQuery<WebhookEndpointRow>(source, {
    sql: `select ${columns} from webhook_endpoints
          where business_id = ? and a2a_task_id is null${
            afterId
              ? ' and (created_at, id) > (select created_at, id from webhook_endpoints where business_id = ? and id = ? and a2a_task_id is null)'
              : ''
          }
          order by created_at, id limit ?`,
    params: [businessId, ...(afterId ? [businessId, afterId] : []), limit + 1],
  });
}

/** What PATCH may change; undefined members stay as they are. */
export interface WebhookEndpointPatch {
  url?: string;
  description?: string | null;
  enabledEvents?: readonly string[];
  metadata?: Record<string, string>;
  /** true: disabled by its owner (with that reason); false: enabled again, its failure streak forgotten. */
  disabled?: { value: boolean; reason: string | null };
  signing?: EndpointSigning;
}

/** Applies a patch to the business's endpoint; undefined when there is no such endpoint. */
export async function updateWebhookEndpoint(
  source: SqlSource,
  businessId: string,
  id: string,
  patch: WebhookEndpointPatch,
  now: Date,
): Promise<WebhookEndpointRow | undefined> {
  const sets: string[] = ['updated_at = ?::timestamptz'];
  const params: unknown[] = [now.toISOString()];
  const set = (assignment: string, value: unknown) => {
    sets.push(assignment);
    params.push(value);
  };
  if (patch.url !== undefined) set('url = ?', patch.url);
  if (patch.description !== undefined) set('description = ?', patch.description);
  if (patch.enabledEvents !== undefined) set('enabled_events = ?::json', JSON.stringify(patch.enabledEvents));
  if (patch.metadata !== undefined) set('metadata = ?::json', JSON.stringify(patch.metadata));
  if (patch.disabled !== undefined) {
    sets.push('disabled = ?', 'disabled_reason = ?');
    params.push(patch.disabled.value, patch.disabled.reason);
    if (!patch.disabled.value) sets.push('failing_since = null');
  }
  if (patch.signing !== undefined) signingPatch(patch.signing, set);
  const [row] = await runQuery<WebhookEndpointRow>(source, {
    sql: `update webhook_endpoints set ${sets.join(', ')} where business_id = ? and id = ? and a2a_task_id is null returning ${columns}`,
    params: [...params, businessId, id],
  });
  return row;
}

/**
 * Replaces the secret: the current one becomes the previous one (signing beside the new one until
 * `previousExpiresAt`), in one statement so two rotations racing cannot lose a secret in between.
 * A previous secret still live is dropped: only the two latest ever sign.
 */
export async function rotateWebhookEndpointSecret(
  source: SqlSource,
  businessId: string,
  id: string,
  secretCiphertext: string,
  previousExpiresAt: Date,
  now: Date,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await runQuery<WebhookEndpointRow>(source, {
    sql: `update webhook_endpoints
          set previous_secret_ciphertext = secret_ciphertext, previous_secret_expires_at = ?::timestamptz,
              secret_ciphertext = ?, updated_at = ?::timestamptz
          where business_id = ? and id = ? and a2a_task_id is null returning ${columns}`,
    params: [previousExpiresAt.toISOString(), secretCiphertext, now.toISOString(), businessId, id],
  });
  return row;
}

/** Deletes the business's endpoint with its deliveries and their attempts (cascade); false when there was none. */
export async function deleteWebhookEndpoint(source: SqlSource, businessId: string, id: string): Promise<boolean> {
  const rows = await runQuery<{ id: string }>(source, {
    sql: 'delete from webhook_endpoints where business_id = ? and id = ? and a2a_task_id is null returning id',
    params: [businessId, id],
  });
  return rows.length > 0;
}
