import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../sql/query.ts';
import { inTransaction } from '../sql/transaction.ts';
import type { SiteUrls } from '../../site-urls.ts';
import { deliveryBodies, type EventPayloadStyle } from './delivery-bodies.ts';
import { OUTBOX_ENVELOPE_COLUMNS, outboxEvent, type OutboxEnvelopeRow } from './envelope.ts';

interface EndpointRow {
  id: string;
  business_id: string;
  enabled_events: unknown;
  event_payload: EventPayloadStyle;
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** Whether an endpoint's `enabled_events` (a JSON array of types, or ["*"]) takes this event type. */
function subscribes(enabledEvents: unknown, eventType: string): boolean {
  const list: unknown = typeof enabledEvents === 'string' ? JSON.parse(enabledEvents) : enabledEvents;
  return Array.isArray(list) && (list.includes('*') || list.includes(eventType));
}

/**
 * Publishes up to `limit` outbox events in one transaction: claims unpublished rows oldest first
 * (FOR UPDATE SKIP LOCKED, so concurrent publishers take different rows rather than wait), creates
 * one pending delivery per enabled endpoint of the SAME business that subscribes to the type (the
 * event id is the delivery's webhook-id; the unique (endpoint_id, event_id) makes a replay harmless),
 * and stamps published_at. A crash before commit leaves the events unpublished: nothing is lost.
 */
export function publishOutboxEvents(
  em: EntityManager,
  now: Date,
  firstAttemptAt: Date,
  limit: number,
  /** Where a thin delivery's entity is fetched. */
  urls: SiteUrls,
): Promise<{ published: number; deliveries: number }> {
  return inTransaction(em, async (tx) => {
    const events = await runQuery<OutboxEnvelopeRow>(tx, {
      sql: `select ${OUTBOX_ENVELOPE_COLUMNS} from outbox_events
             where published_at is null order by created_at, id limit ? for update skip locked`,
      params: [limit],
    });
    if (events.length === 0) return { published: 0, deliveries: 0 };
    const businesses = [...new Set(events.map((event) => event.business_id))];
    const endpoints = await runQuery<EndpointRow>(tx, {
      sql: `select id, business_id, enabled_events, event_payload from webhook_endpoints
             where not disabled and business_id in (${placeholders(businesses.length)})`,
      params: businesses,
    });
    const rows: unknown[][] = [];
    for (const event of events) {
      const mine = endpoints.filter(
        (endpoint) =>
          endpoint.business_id === event.business_id && subscribes(endpoint.enabled_events, event.event_type),
      );
      if (mine.length === 0) continue;
      // Serialized once per payload style: every endpoint of that style and every retry sends (and signs) these bytes.
      const body = deliveryBodies(outboxEvent(event), urls);
      for (const endpoint of mine) {
        rows.push([
          randomUUID(),
          event.business_id,
          endpoint.id,
          event.id,
          event.event_type,
          body(endpoint.event_payload),
          firstAttemptAt.toISOString(),
        ]);
      }
    }
    let deliveries = 0;
    // A few hundred rows per statement keeps the bound parameters well under PostgreSQL's limit.
    for (let start = 0; start < rows.length; start += 500) {
      const chunk = rows.slice(start, start + 500);
      const inserted = await runQuery<{ id: string }>(tx, {
        sql: `insert into webhook_deliveries (id, business_id, endpoint_id, event_id, event_type, payload, next_attempt_at)
              values ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?::timestamptz)').join(', ')}
              on conflict (endpoint_id, event_id) do nothing returning id`,
        params: chunk.flat(),
      });
      deliveries += inserted.length;
    }
    await runQuery(tx, {
      sql: `update outbox_events set published_at = ?::timestamptz where id in (${placeholders(events.length)})`,
      params: [now.toISOString(), ...events.map((event) => event.id)],
    });
    return { published: events.length, deliveries };
  });
}
