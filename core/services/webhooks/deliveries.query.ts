import { runQuery, type SqlSource } from '../sql/query.ts';

/** A delivery as its row reads. */
export interface WebhookDeliveryRow {
  id: string;
  business_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Date | string;
  locked_until: Date | string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: Date | string;
  delivered_at: Date | string | null;
}

/** One attempt as the deliveries log shows it. */
export interface WebhookAttemptRow {
  id: string;
  delivery_id: string;
  attempted_at: Date | string;
  duration_ms: number;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
}

const columns = `id, business_id, endpoint_id, event_id, event_type, state, attempts, next_attempt_at, locked_until,
  last_status, last_error, created_at, delivered_at`;

/** The most attempts the log shows per delivery (the latest ones): manual retries are otherwise unbounded. */
const ATTEMPTS_SHOWN_PER_DELIVERY = 20;

export interface NewWebhookDelivery {
  id: string;
  businessId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  /** The exact JSON body every attempt sends (and signs). */
  payload: string;
  now: Date;
  /** When the workers may take it (default `now`; later while a request sends it at once). */
  dueAt?: Date;
}

/**
 * Queues one delivery, due at `dueAt` (now by default). The endpoint must be the business's: the tenant foreign key
 * (business_id, endpoint_id) refuses anything else.
 */
export async function insertWebhookDelivery(
  source: SqlSource,
  delivery: NewWebhookDelivery,
): Promise<WebhookDeliveryRow> {
  const [row] = await runQuery<WebhookDeliveryRow>(source, {
    sql: `insert into webhook_deliveries
            (id, business_id, endpoint_id, event_id, event_type, payload, state, attempts, next_attempt_at, created_at)
          values (?, ?, ?, ?, ?, ?, 'pending', 0, ?::timestamptz, ?::timestamptz)
          returning ${columns}`,
    params: [
      delivery.id,
      delivery.businessId,
      delivery.endpointId,
      delivery.eventId,
      delivery.eventType,
      delivery.payload,
      (delivery.dueAt ?? delivery.now).toISOString(),
      delivery.now.toISOString(),
    ],
  });
  return row!;
}

/** The business's delivery with this id to this endpoint; undefined otherwise. */
export async function findWebhookDelivery(
  source: SqlSource,
  businessId: string,
  endpointId: string,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await runQuery<WebhookDeliveryRow>(source, {
    sql: `select ${columns} from webhook_deliveries where business_id = ? and endpoint_id = ? and id = ?`,
    params: [businessId, endpointId, id],
  });
  return row;
}

/**
 * Queues a delivery again, due now, whatever its state: `pending` with the lease cleared. Refused
 * (undefined) while a worker holds it (`locked_until` in the future), so a retry never races an
 * attempt in flight. The attempt count is kept: the log shows every attempt.
 */
export async function requeueWebhookDelivery(
  source: SqlSource,
  businessId: string,
  endpointId: string,
  id: string,
  now: Date,
  dueAt: Date = now,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await runQuery<WebhookDeliveryRow>(source, {
    sql: `update webhook_deliveries
          set state = 'pending', next_attempt_at = ?::timestamptz, locked_until = null, delivered_at = null
          where business_id = ? and endpoint_id = ? and id = ?
            and (locked_until is null or locked_until <= ?::timestamptz)
          returning ${columns}`,
    params: [dueAt.toISOString(), businessId, endpointId, id, now.toISOString()],
  });
  return row;
}

/**
 * One page of an endpoint's deliveries, newest first, after the delivery `afterId` (its exact
 * created_at read back here; a cursor whose delivery was swept meanwhile gives an empty page);
 * `limit + 1` rows.
 */
export function listWebhookDeliveries(
  source: SqlSource,
  businessId: string,
  endpointId: string,
  afterId: string | undefined,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  const after = afterId
    ? ' and (created_at, id) < (select created_at, id from webhook_deliveries where business_id = ? and endpoint_id = ? and id = ?)'
    : '';
  return runQuery<WebhookDeliveryRow>(source, {
    sql: `select ${columns} from webhook_deliveries
          where business_id = ? and endpoint_id = ?${after}
          order by created_at desc, id desc limit ?`,
    params: [businessId, endpointId, ...(afterId ? [businessId, endpointId, afterId] : []), limit + 1],
  });
}

/** The latest attempts (ATTEMPTS_SHOWN_PER_DELIVERY at most) of these deliveries, oldest first within each. */
export async function listWebhookAttempts(
  source: SqlSource,
  businessId: string,
  deliveryIds: readonly string[],
): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return runQuery<WebhookAttemptRow>(source, {
    sql: `select id, delivery_id, attempted_at, duration_ms, response_status, response_body, error from (
            select *, row_number() over (partition by delivery_id order by attempted_at desc, id desc) as recent
            from webhook_attempts
            where business_id = ? and delivery_id in (${deliveryIds.map(() => '?::uuid').join(', ')})
          ) latest
          where recent <= ?
          order by delivery_id, attempted_at, id`,
    params: [businessId, ...deliveryIds, ATTEMPTS_SHOWN_PER_DELIVERY],
  });
}
