import type { SiteUrls } from '../../site-urls.ts';
import { webhookPayload, type WebhookEvent } from './envelope.ts';
import { entityUrl } from './entity-url.ts';

/** What an endpoint's deliveries carry: the whole event, or a reference to fetch the object. */
export type EventPayloadStyle = 'full' | 'thin';

/**
 * The thin body: the envelope without `data`, its entity with the `url` to fetch it, members in the
 * full envelope's order, so a receiver reads both the same way.
 */
function thinPayload(event: WebhookEvent, urls: SiteUrls): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    occurred_at: event.occurredAt.toISOString(),
    business_id: event.businessId,
    entity: { type: event.entity.type, id: event.entity.id, url: entityUrl(urls, event.entity, event.id) },
    sequence: event.sequence,
    test: event.test,
  });
}

/**
 * An event's delivery bodies, each serialized at most once however many endpoints take it: every
 * endpoint of one style and every retry sends (and signs) the same bytes.
 */
export function deliveryBodies(event: WebhookEvent, urls: SiteUrls): (style: EventPayloadStyle) => string {
  const made: Partial<Record<EventPayloadStyle, string>> = {};
  return (style) => (made[style] ??= style === 'thin' ? thinPayload(event, urls) : webhookPayload(event));
}
