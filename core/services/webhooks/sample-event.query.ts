import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../sql/query.ts';

export interface SampleEvent {
  businessId: string;
  type: string;
  entity: { type: string; id: string };
  data: Record<string, unknown>;
  now: Date;
}

export interface StoredSampleEvent {
  id: string;
  sequence: number;
}

/**
 * Writes a sample event into the outbox marked `test`: from there it is published to the business's
 * endpoints that subscribe to its type and read by the feed like any other event (its insert
 * notifies the workers; the foundation's trigger numbers its sequence).
 */
export async function insertSampleEvent(em: EntityManager, event: SampleEvent): Promise<StoredSampleEvent> {
  const [row] = await runQuery<{ id: string; sequence: number | string }>(em, {
    sql: `insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload, created_at, occurred_at, test)
          values (?, ?, ?, ?, ?, ?::jsonb, ?::timestamptz, ?::timestamptz, true) returning id, sequence`,
    params: [
      randomUUID(),
      event.businessId,
      event.type,
      event.entity.type,
      event.entity.id,
      JSON.stringify(event.data),
      event.now.toISOString(),
      event.now.toISOString(),
    ],
  });
  return { id: row!.id, sequence: Number(row!.sequence) };
}
