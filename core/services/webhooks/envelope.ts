/** One event, as the envelope every delivery body and every feed item carries. */
export interface WebhookEvent {
  /** The event id: the `webhook-id` header too, the same on every attempt. */
  id: string;
  type: string;
  /** When the event was recorded. */
  createdAt: Date;
  /** When the change it reports happened (the same instant for a change's own outbox event). */
  occurredAt: Date;
  businessId: string;
  /** What the event is about: its type (`customer`, `job`, `webhook_endpoint`…) and id. */
  entity: { type: string; id: string };
  /** The event's place in its entity's history, 1, 2, 3…; 0 for an event outside any history (webhook.test). */
  sequence: number;
  /** A sample (a test delivery or `npm run admin -- trigger`), not a real change. */
  test: boolean;
  data: unknown;
}

/**
 * The envelope of a delivery and of a feed item:
 * `{id, type, created_at, occurred_at, business_id, entity, sequence, test, data}` in that order (the
 * schema: webhookEnvelope in event-catalogue.ts).
 */
export function webhookEnvelopeBody(event: WebhookEvent) {
  return {
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    occurred_at: event.occurredAt.toISOString(),
    business_id: event.businessId,
    entity: { type: event.entity.type, id: event.entity.id },
    sequence: event.sequence,
    test: event.test,
    data: event.data,
  };
}

/**
 * The exact JSON body of a delivery: the envelope, serialized. Stored as text in
 * webhook_deliveries.payload, so every attempt sends and signs the same bytes.
 */
export function webhookPayload(event: WebhookEvent): string {
  return JSON.stringify(webhookEnvelopeBody(event));
}

/** An outbox_events row as the lean queries read it (OUTBOX_ENVELOPE_COLUMNS). */
export interface OutboxEnvelopeRow {
  id: string;
  business_id: string;
  event_type: string;
  aggregate_type: string;
  aggregate_id: string;
  payload: Record<string, unknown> | string;
  created_at: Date | string;
  occurred_at: Date | string;
  sequence: number | string;
  test: boolean;
}

/** The columns of outbox_events an envelope is built from, for a query's select list. */
export const OUTBOX_ENVELOPE_COLUMNS =
  'id, business_id, event_type, aggregate_type, aggregate_id, payload, created_at, occurred_at, sequence, test';

/** The envelope of a stored outbox event: the one function the publisher and the feed build it with. */
export function outboxEvent(row: OutboxEnvelopeRow): WebhookEvent {
  return {
    id: row.id,
    type: row.event_type,
    createdAt: new Date(row.created_at),
    occurredAt: new Date(row.occurred_at),
    businessId: row.business_id,
    entity: { type: row.aggregate_type, id: row.aggregate_id },
    sequence: Number(row.sequence),
    test: row.test,
    data: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
  };
}
