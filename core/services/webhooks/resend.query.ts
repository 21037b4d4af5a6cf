import { runQuery, type SqlSource } from '../sql/query.ts';
import { DELIVERY_COLUMNS, type WebhookDeliveryRow } from './deliveries.query.ts';
import { OUTBOX_ENVELOPE_COLUMNS, type OutboxEnvelopeRow } from './envelope.ts';

/**
 * Queues the endpoint's delivery of this event again, due `now`, unless it is pending already (queued,
 * or being sent: a claimed row stays pending): one conditional UPDATE, so concurrent resends queue it
 * once. Undefined when there is no such delivery or it is pending.
 */
export async function requeueDeliveryOfEvent(
  source: SqlSource,
  businessId: string,
  endpointId: string,
  eventId: string,
  now: Date,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await runQuery<WebhookDeliveryRow>(source, {
    sql: `update webhook_deliveries
             set state = 'pending', next_attempt_at = ?::timestamptz, locked_until = null, delivered_at = null
           where business_id = ? and endpoint_id = ? and event_id = ? and state <> 'pending'
          returning ${DELIVERY_COLUMNS}`,
    params: [now.toISOString(), businessId, endpointId, eventId],
  });
  return row;
}

/** The endpoint's delivery of this event, whatever its state; undefined when it has none. */
export async function findDeliveryOfEvent(
  source: SqlSource,
  businessId: string,
  endpointId: string,
  eventId: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await runQuery<WebhookDeliveryRow>(source, {
    sql: `select ${DELIVERY_COLUMNS} from webhook_deliveries where business_id = ? and endpoint_id = ? and event_id = ?`,
    params: [businessId, endpointId, eventId],
  });
  return row;
}

/** The business's outbox event with this id, written at or after `since`; undefined otherwise. */
export async function findRecentOutboxEvent(
  source: SqlSource,
  businessId: string,
  eventId: string,
  since: Date,
): Promise<OutboxEnvelopeRow | undefined> {
  const [row] = await runQuery<OutboxEnvelopeRow>(source, {
    sql: `select ${OUTBOX_ENVELOPE_COLUMNS} from outbox_events
           where business_id = ? and id = ? and created_at >= ?::timestamptz`,
    params: [businessId, eventId, since.toISOString()],
  });
  return row;
}

export interface NewDeliveryOfEvent {
  id: string;
  businessId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  /** The exact body every attempt sends (and signs). */
  payload: string;
  now: Date;
}

/**
 * Queues a new delivery of the event to the endpoint, due now, unless the endpoint has one already
 * (the unique (endpoint_id, event_id) decides when a concurrent resend, or the publisher, got there
 * first): undefined then.
 */
export async function insertDeliveryOfEvent(
  source: SqlSource,
  delivery: NewDeliveryOfEvent,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await runQuery<WebhookDeliveryRow>(source, {
    sql: `insert into webhook_deliveries
            (id, business_id, endpoint_id, event_id, event_type, payload, state, attempts, next_attempt_at, created_at)
          values (?, ?, ?, ?, ?, ?, 'pending', 0, ?::timestamptz, ?::timestamptz)
          on conflict (endpoint_id, event_id) do nothing
          returning ${DELIVERY_COLUMNS}`,
    params: [
      delivery.id,
      delivery.businessId,
      delivery.endpointId,
      delivery.eventId,
      delivery.eventType,
      delivery.payload,
      delivery.now.toISOString(),
      delivery.now.toISOString(),
    ],
  });
  return row;
}
