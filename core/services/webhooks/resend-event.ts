import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors/index.ts';
import type { SqlSource } from '../sql/query.ts';
import type { WebhookDeliveryRow } from './deliveries.query.ts';
import type { WebhookEndpointRow } from './endpoints.query.ts';
import type { SiteUrls } from '../../site-urls.ts';
import { deliveryBodies } from './delivery-bodies.ts';
import { outboxEvent } from './envelope.ts';
import {
  findDeliveryOfEvent,
  findRecentOutboxEvent,
  insertDeliveryOfEvent,
  requeueDeliveryOfEvent,
} from './resend.query.ts';
import { DELIVERY_RETENTION_MS } from './retention.ts';

/** What resend did: queued the endpoint's delivery again, made a first one, or found it queued already. */
type ResendOutcome = 'requeued' | 'created' | 'already_queued';

export interface ResendResult {
  delivery: WebhookDeliveryRow;
  outcome: ResendOutcome;
}

function subscribes(endpoint: WebhookEndpointRow, eventType: string): boolean {
  return endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(eventType);
}

/**
 * Sends one event to one endpoint again. The endpoint's delivery of it, when there is one, is queued
 * again (same body, same webhook-id) unless it is still pending; otherwise a delivery is made from the
 * business's stored event (kept DELIVERY_RETENTION_MS), if the endpoint subscribes to its type now. Each
 * step is one conditional statement, so concurrent resends queue the event once. The workers send it.
 * Another business's event answers 404 exactly like one that never existed or is past the retention.
 */
export async function resendEvent(
  sql: SqlSource,
  endpoint: WebhookEndpointRow,
  eventId: string,
  now: Date,
  /** Where a thin delivery's entity is fetched. */
  urls: SiteUrls,
): Promise<ResendResult> {
  const { business_id: businessId, id: endpointId } = endpoint;
  const requeued = await requeueDeliveryOfEvent(sql, businessId, endpointId, eventId, now);
  if (requeued) return { delivery: requeued, outcome: 'requeued' };
  const queued = await findDeliveryOfEvent(sql, businessId, endpointId, eventId);
  if (queued) return { delivery: queued, outcome: 'already_queued' };

  const event = await findRecentOutboxEvent(sql, businessId, eventId, new Date(now.getTime() - DELIVERY_RETENTION_MS));
  if (!event) throw new AppError('RESOURCE_NOT_FOUND', `No event ${eventId} in this business in the last 30 days.`);
  if (!subscribes(endpoint, event.event_type)) {
    throw new AppError('CONFLICT', `The endpoint does not subscribe to ${event.event_type}.`, {
      resolution: `Add ${event.event_type} to the endpoint's enabled_events (PATCH), or send it to an endpoint that subscribes to it.`,
    });
  }
  const created = await insertDeliveryOfEvent(sql, {
    id: randomUUID(),
    businessId,
    endpointId,
    eventId,
    eventType: event.event_type,
    // The body the publisher builds from the same row in the endpoint's style (full or thin).
    payload: deliveryBodies(outboxEvent(event), urls)(endpoint.event_payload),
    now,
  });
  if (created) return { delivery: created, outcome: 'created' };
  // A concurrent resend (or the publisher) made it between the look-up and the insert: it is queued.
  const raced = await findDeliveryOfEvent(sql, businessId, endpointId, eventId);
  if (!raced) throw new AppError('CONFLICT', 'The delivery of this event changed meanwhile; send the request again.');
  return { delivery: raced, outcome: 'already_queued' };
}
