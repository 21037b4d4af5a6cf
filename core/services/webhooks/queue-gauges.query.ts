import { runQuery, type SqlSource } from '../sql/query.ts';

export interface WebhookQueueGauges {
  /** Deliveries waiting for an attempt (pending), counted up to the cap. */
  pending_deliveries: number;
  /** When the oldest of those counted was queued; null when none waits. */
  oldest_pending_at: Date | string | null;
  /** Outbox events not yet fanned out into deliveries, counted up to the cap. */
  unpublished_events: number;
  /** When the oldest unpublished event was written (exact: read through its index); null when none waits. */
  oldest_unpublished_at: Date | string | null;
}

/**
 * The webhook queue for the metrics scrape, at a bounded cost whatever the backlog: each side reads
 * at most `cap` rows through its partial index (pending deliveries, unpublished events), so a backlog
 * larger than the cap reads as the cap, and the oldest pending delivery is the oldest of the rows read
 * (a lower bound of the true age). Unpublished events are read oldest first, so their oldest is exact.
 */
export async function webhookQueueGauges(source: SqlSource, cap: number): Promise<WebhookQueueGauges> {
  const [row] = await runQuery<WebhookQueueGauges>(source, {
    sql: `with pending as materialized (
            select created_at from webhook_deliveries where state = 'pending' limit ?
          ), unpublished as materialized (
            select created_at from outbox_events where published_at is null order by created_at, id limit ?
          )
          select (select count(*) from pending)::int as pending_deliveries,
                 (select min(created_at) from pending) as oldest_pending_at,
                 (select count(*) from unpublished)::int as unpublished_events,
                 (select min(created_at) from unpublished) as oldest_unpublished_at`,
    params: [cap, cap],
  });
  return row!;
}
