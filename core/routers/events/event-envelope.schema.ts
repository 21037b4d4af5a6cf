import { z } from 'zod';

/** An event of the feed: exactly the body its webhook deliveries carry. */
export const ZFeedEvent = z.object({
  id: z.uuid().describe('The event id: the webhook-id header of its deliveries too.'),
  type: z.string().describe('The event type (GET /v1/webhook-endpoints/event-types).'),
  created_at: z.iso.datetime().describe('When the event was recorded (ISO 8601 UTC).'),
  occurred_at: z.iso.datetime().describe('When the change it reports happened (ISO 8601 UTC).'),
  business_id: z.uuid().describe('The business (workspace) the event belongs to.'),
  entity: z
    .object({
      type: z.string().describe('What the event is about, e.g. "job".'),
      id: z.string().describe('Its id.'),
    })
    .describe('The record the event is about.'),
  sequence: z.number().int().describe('1, 2, 3... per entity, in commit order: order and de-duplicate on it.'),
  test: z.boolean().describe('A sample event (npm run admin -- trigger), not a change of real data.'),
  data: z.unknown().describe("The event's data: its schema is the type's in the OpenAPI `webhooks` section."),
});
