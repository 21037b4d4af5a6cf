import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/**
 * A domain event written in the same transaction as the change it describes, so it exists exactly
 * when the change does; the webhook deliverer reads unpublished rows and stamps `publishedAt`.
 * Append-only: there is no updated_at.
 */
export const OutboxEvent = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_events',
  indexes: [
    // What the deliverer has yet to publish, oldest first.
    {
      name: 'outbox_events_unpublished_idx',
      expression:
        'create index outbox_events_unpublished_idx on outbox_events (created_at, id) where published_at is null',
    },
    { name: 'outbox_events_business_idx', properties: ['businessId', 'createdAt', 'id'] },
    // The event feed: one business's events in commit order (Migration20270104000000_event_feed).
    { name: 'outbox_events_feed_idx', properties: ['businessId', 'commitTxid', 'position'] },
    // The retention sweep: published events oldest first.
    {
      name: 'outbox_events_retention_idx',
      expression:
        'create index outbox_events_retention_idx on outbox_events (created_at) where published_at is not null',
    },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    /** e.g. "job.created". */
    eventType: p.string().length(100),
    /** e.g. "job"; with `aggregateId` names the row the event is about. */
    aggregateType: p.string().length(50),
    aggregateId: p.uuid(),
    payload: p.json<Record<string, unknown>>(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    publishedAt: p.datetime().nullable(),
    /** The writing transaction (pg_current_xact_id()): with `position`, the feed's commit order. */
    commitTxid: p.string().columnType('xid8').defaultRaw('pg_current_xact_id()').nullable(false),
    /** Insertion order, the tie-break inside one transaction. */
    position: p.bigint('number').autoincrement().unique('outbox_events_position_unique'),
    /** This event's place in its entity's history (1, 2, 3…), set by a trigger at insert. */
    sequence: p.bigint('number').default(0),
    /** When the change happened (created_at: when the event was recorded). */
    occurredAt: p.datetime().defaultRaw('now()'),
    /** A sample event (`npm run admin -- trigger`), not a real change. */
    test: p.boolean().default(false),
  }),
});
