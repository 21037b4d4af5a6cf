import type { EntityManager } from '@mikro-orm/postgresql';
import { recordOutboxEvent } from '../outbox.query.ts';
import type { FieldWorkEventType } from './field-work-events.ts';
import { previousAttributes } from './previous-attributes.ts';

/** A record as its get-procedure answers it: an object with a status. */
type StatusRecord = Record<string, unknown> & { status: string };

export interface RecordChange<Row extends StatusRecord> {
  businessId: string;
  aggregateType: 'customer' | 'job' | 'visit';
  aggregateId: string;
  /** The record as its get-procedure answered it before the write and after it, in the same transaction. */
  before: Row;
  after: Row;
  /** The fields the write may change besides the status: what `previous_attributes` may name. */
  fields: readonly (keyof Row & string)[];
  updated: FieldWorkEventType;
  statusChanged?: FieldWorkEventType;
  occurredAt: Date;
}

/**
 * Queues on the write's transaction the events of one change: `updated` with the record and
 * `previous_attributes` (the changed fields' values before) when a field other than the status
 * changed, `statusChanged` with the record and `previous_status` when the status did. A write that
 * changed nothing records nothing. Answers how many events it queued.
 */
export function recordChangeEvents<Row extends StatusRecord>(em: EntityManager, change: RecordChange<Row>): number {
  const { before, after } = change;
  const previous = previousAttributes(before, after, change.fields);
  const common = {
    businessId: change.businessId,
    aggregateType: change.aggregateType,
    aggregateId: change.aggregateId,
    occurredAt: change.occurredAt,
  };
  let queued = 0;
  if (Object.keys(previous).length > 0) {
    recordOutboxEvent(em, {
      ...common,
      eventType: change.updated,
      payload: { ...after, previous_attributes: previous },
    });
    queued += 1;
  }
  if (change.statusChanged && before.status !== after.status) {
    recordOutboxEvent(em, {
      ...common,
      eventType: change.statusChanged,
      payload: { ...after, previous_status: before.status },
    });
    queued += 1;
  }
  return queued;
}
