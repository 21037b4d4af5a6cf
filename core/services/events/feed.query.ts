import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery, type SqlSource } from '../sql/query.ts';
import { OUTBOX_ENVELOPE_COLUMNS, type OutboxEnvelopeRow } from '../webhooks/envelope.ts';
import type { FeedPosition } from './feed-cursor.ts';

/** An outbox event as the feed reads it: what its envelope needs, and its place in commit order. */
export interface FeedEventRow extends OutboxEnvelopeRow {
  commit_txid: string;
  position: string;
}

const COLUMNS = `${OUTBOX_ENVELOPE_COLUMNS}, commit_txid::text as commit_txid, position::text as position`;

export interface FeedFilter {
  /** Catalogue types (already validated); none: every type. */
  types?: readonly string[] | undefined;
  /** created_at at or after. */
  since?: Date | undefined;
  /** created_at before. */
  until?: Date | undefined;
}

/**
 * Up to `limit` events of the business after `after`, in commit order. Only events of transactions
 * below the snapshot's xmin are read: every transaction with a smaller id has ended, so no event can
 * later appear before one already handed out (a long transaction holds the feed back; it never
 * reorders it). The scan follows outbox_events_feed_idx (business_id, commit_txid, position).
 */
export function readFeedPage(
  sql: SqlSource,
  businessId: string,
  after: FeedPosition,
  filter: FeedFilter,
  limit: number,
): Promise<FeedEventRow[]> {
  const where: string[] = [];
  const params: unknown[] = [businessId, after.commitTxid, after.position];
  if (filter.types?.length) {
    where.push(`and event_type in (${filter.types.map(() => '?').join(', ')})`);
    params.push(...filter.types);
  }
  if (filter.since) {
    where.push('and created_at >= ?::timestamptz');
    params.push(filter.since.toISOString());
  }
  if (filter.until) {
    where.push('and created_at < ?::timestamptz');
    params.push(filter.until.toISOString());
  }
  params.push(limit);
  return runQuery<FeedEventRow>(sql, {
    sql: `select ${COLUMNS} from outbox_events
           where business_id = ? and (commit_txid, position) > (?::xid8, ?::bigint)
             and commit_txid < pg_snapshot_xmin(pg_current_snapshot()) ${where.join(' ')}
           order by commit_txid, position limit ?`,
    params,
  });
}

/** The oldest transaction still running (the feed's horizon), as a decimal xid8: where `after=now` starts. */
export async function feedHorizon(sql: SqlSource): Promise<string> {
  const [row] = await runQuery<{ xmin: string }>(sql, {
    sql: 'select pg_snapshot_xmin(pg_current_snapshot())::text as xmin',
    params: [],
  });
  return row!.xmin;
}

/** One event of the business (another business's answers like a missing one). */
export async function findFeedEvent(sql: SqlSource, businessId: string, id: string): Promise<FeedEventRow | undefined> {
  const [row] = await runQuery<FeedEventRow>(sql, {
    sql: `select ${COLUMNS} from outbox_events where business_id = ? and id = ?`,
    params: [businessId, id],
  });
  return row;
}

/**
 * Deletes up to `limit` events created before `cutoff` that the webhook publisher has already fanned
 * out (an unpublished one still owes its deliveries), oldest first; answers how many. SKIP LOCKED:
 * a publisher holding a row is never waited for.
 */
export async function deleteOldOutboxEvents(em: EntityManager, cutoff: Date, limit: number): Promise<number> {
  const rows = await runQuery<{ id: string }>(em, {
    sql: `delete from outbox_events
           where id in (select id from outbox_events where created_at < ?::timestamptz and published_at is not null
                         order by created_at limit ? for update skip locked)
          returning id`,
    params: [cutoff.toISOString(), limit],
  });
  return rows.length;
}
