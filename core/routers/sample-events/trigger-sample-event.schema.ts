import { z } from 'zod';

export const ZTriggerSampleEventInput = z.object({
  business: z.string().min(1).max(200).describe('The business: its id or slug.'),
  type: z.string().min(1).max(100).describe('A type of the event catalogue (GET /v1/webhook-endpoints/event-types).'),
});

export const ZTriggerSampleEventOutput = z.object({
  id: z.uuid().describe('The event id (the webhook-id of its deliveries).'),
  type: z.string(),
  business_id: z.uuid(),
  entity: z.object({ type: z.string(), id: z.uuid() }),
  sequence: z.number().int(),
  test: z.literal(true),
  created_at: z.iso.datetime(),
});
