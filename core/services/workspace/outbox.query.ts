import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxEvent } from '../../../orm/entities/field-service/outbox-event.ts';
import type { FieldWorkEventType } from './changes/field-work-events.ts';

import type { BillingAggregateType, BillingEventType } from './billing-event-types.ts';
import type { DirectoryClaimEventType } from '../directory/claims/types.ts';

export type OutboxEventType =
  'customer.created' | 'job.created' | FieldWorkEventType | BillingEventType | DirectoryClaimEventType;

export interface NewOutboxEvent {
  businessId: string;
  eventType: OutboxEventType;
  aggregateType: 'customer' | 'job' | 'visit' | BillingAggregateType | 'directory_claim';
  aggregateId: string;
  /** The event's data: the same authoritative record the write answered with. */
  payload: Record<string, unknown>;
  occurredAt: Date;
  /** A sample event (`npm run admin -- trigger`), not a real change; false when left out. */
  test?: boolean;
}

/**
 * Queues an event on the entity manager of the write's transaction: it is flushed with the change
 * or not at all, which is what lets the webhook deliverer promise "every created customer, once".
 */
export function recordOutboxEvent(em: EntityManager, event: NewOutboxEvent): void {
  em.create(OutboxEvent, {
    businessId: event.businessId,
    eventType: event.eventType,
    aggregateType: event.aggregateType,
    aggregateId: event.aggregateId,
    payload: event.payload,
    createdAt: event.occurredAt,
    occurredAt: event.occurredAt,
    test: event.test ?? false,
  });
}
