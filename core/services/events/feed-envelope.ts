import { outboxEvent, webhookEnvelopeBody } from '../webhooks/envelope.ts';
import type { FeedEventRow } from './feed.query.ts';

/** An event as the feed answers it: exactly the body a webhook delivery of it carries. */
export type FeedEnvelope = ReturnType<typeof webhookEnvelopeBody>;

export function feedEnvelope(row: FeedEventRow): FeedEnvelope {
  return webhookEnvelopeBody(outboxEvent(row));
}
