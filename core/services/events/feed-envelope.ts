import type { FeedEventRow } from './feed.query.ts';

/** An event as the feed answers it: exactly the body a webhook delivery of it carries. */
export interface FeedEnvelope {
  id: string;
  type: string;
  created_at: string;
  occurred_at: string;
  business_id: string;
  entity: { type: string; id: string };
  sequence: number;
  test: boolean;
  data: unknown;
}

/** PLACEHOLDER until the foundation's envelope function lands. */
export function feedEnvelope(row: FeedEventRow): FeedEnvelope {
  return {
    id: row.id,
    type: row.event_type,
    created_at: new Date(row.created_at).toISOString(),
    occurred_at: new Date(row.occurred_at).toISOString(),
    business_id: row.business_id,
    entity: { type: row.aggregate_type, id: row.aggregate_id },
    sequence: Number(row.sequence),
    test: row.test,
    data: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
  };
}
