import { requiredFlag, UsageError, type AdminCommand } from './command.ts';

export const triggerCommand: AdminCommand = {
  name: 'trigger',
  summary: 'Emit a sample event of a catalogued type for a business (test: true), to its endpoints and feed.',
  help: `<event-type> --business <id or slug>

  <event-type>             a type of the event catalogue, e.g. visit.status_changed
                           (GET /v1/webhook-endpoints/event-types lists them)
  --business <id or slug>  the business whose endpoints subscribed to the type receive it
  The event carries the catalogue's example as data, about a fresh entity id, and "test": true in
  its envelope; it goes through the outbox like a real event, so its deliveries are signed, retried
  and logged as usual.`,
  options: {
    business: { type: 'string' },
  },
  positional: 'type',
  async prepare(values) {
    const type = values.type;
    if (typeof type !== 'string') throw new UsageError('the event type is required: trigger <event-type>.');
    const input = { type, business: requiredFlag(values, 'business') };
    return async (caller) => {
      const event = await caller.infrastructure.sampleEvents.trigger(input);
      return {
        json: event,
        text: `Emitted sample ${event.type} ${event.id} (test) about ${event.entity.type} ${event.entity.id} for business ${event.business_id}.`,
      };
    };
  },
};
