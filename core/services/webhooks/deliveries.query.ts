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

/** The columns of a WebhookDeliveryRow, for a query's select or returning list. */
export const DELIVERY_COLUMNS = `id, business_id, endpoint_id, event_id, event_type, state, attempts, next_attempt_at, locked_until,
  last_status, last_error, created_at, delivered_at`;

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
          returning ${DELIVERY_COLUMNS}`,
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
    sql: `select ${DELIVERY_COLUMNS} from webhook_deliveries where business_id = ? and endpoint_id = ? and id = ?`,
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
          returning ${DELIVERY_COLUMNS}`,
    params: [dueAt.toISOString(), businessId, endpointId, id, now.toISOString()],
  });
  return row;
}
