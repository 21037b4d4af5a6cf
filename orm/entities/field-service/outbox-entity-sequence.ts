import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/**
 * The last `sequence` given to an entity's outbox events. Written only by the trigger on
 * outbox_events (migration Migration20261231000000_outbox_feed_order), whose row lock on this
 * counter orders two writers of the same entity; kept after the events are swept, so an entity's
 * numbers never restart.
 */
export const OutboxEntitySequence = defineEntity({
  name: 'OutboxEntitySequence',
  tableName: 'outbox_entity_sequences',
  properties: (p) => ({
    businessId: businessReference().primary(),
    aggregateType: p.string().length(50).primary(),
    aggregateId: p.uuid().primary(),
    lastSequence: p.bigint('number'),
  }),
});
