import type { ProcedureEntry } from '../../procedures/introspection.ts';
import type { OutboxEventType } from '../workspace/outbox.query.ts';
import type { ReferenceEvent, ReferenceEventSource } from './types.ts';

/**
 * The events the workspace writes record in their outbox today, each with the tool whose success
 * writes it. Keyed by the outbox's own event type, so a new type does not compile until it is
 * documented here. The payload is the writing tool's answer: the outbox stores that same record.
 */
const outboxEvents: Record<OutboxEventType, { tool: string; description: string }> = {
  'customer.created': {
    tool: 'create-customer',
    description:
      'A customer was created in the business. `data` is the stored customer, exactly as create-customer answered it.',
  },
  'job.created': {
    tool: 'create-job',
    description: 'A job was created in the business. `data` is the stored job, exactly as create-job answered it.',
  },
};

/** The outbox events, their payload schemas taken from the writing tools' output schemas. */
export const outboxEventSource: ReferenceEventSource = (procedures: readonly ProcedureEntry[]) =>
  (Object.keys(outboxEvents) as OutboxEventType[]).sort().map((type): ReferenceEvent => {
    const { tool, description } = outboxEvents[type];
    const writer = procedures.find((procedure) => procedure.meta?.tool?.name === tool);
    return { type, description, emittedBy: writer ? [tool] : [], payload: writer?.outputSchema };
  });
