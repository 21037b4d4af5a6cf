import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors/index.ts';
import { webhookEventCatalogue, type WebhookEventDefinition } from './event-catalogue.ts';

/** The catalogued types `npm run admin -- trigger` can send: those with an example. */
function triggerableTypes(): string[] {
  return webhookEventCatalogue.filter((event) => event.example !== undefined).map((event) => event.type);
}

/**
 * The catalogue entry of a type to trigger, or a VALIDATION_FAILED that lists the types there are
 * (an unknown type, or one whose entry has no example yet).
 */
export function triggerableEvent(type: string): WebhookEventDefinition & { example: Record<string, unknown> } {
  const event = webhookEventCatalogue.find((candidate) => candidate.type === type);
  if (event?.example !== undefined) return { ...event, example: event.example };
  const why = event ? 'has no sample in the event catalogue' : 'is not an event type of the catalogue';
  const valid = triggerableTypes();
  return refuse(`"${type}" ${why}: trigger one of ${valid.join(', ')}.`, valid);
}

function refuse(message: string, valid: string[]): never {
  throw new AppError('VALIDATION_FAILED', `Invalid parameter "type": ${message}`, {
    details: [{ parameter: 'type', code: 'unknown_event_type', message, path: ['type'], valid_types: valid }],
  });
}

/**
 * A sample's `data`: the catalogue's example about a fresh entity (its `id` is the new entity id, so
 * the sample starts a history of its own, sequence 1, and never claims a real record's). The rest of
 * the example is kept as written, checked against the type's schema so a broken example fails here,
 * not at a receiver.
 */
export function sampleData(event: WebhookEventDefinition & { example: Record<string, unknown> }): {
  entityId: string;
  data: Record<string, unknown>;
} {
  const entityId = randomUUID();
  const data = 'id' in event.example ? { ...event.example, id: entityId } : { ...event.example };
  const checked = event.data.safeParse(data);
  if (!checked.success)
    throw new Error(`The example of ${event.type} does not match its schema: ${checked.error.message}`);
  return { entityId, data };
}
