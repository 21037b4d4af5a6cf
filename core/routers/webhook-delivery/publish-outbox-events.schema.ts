import { z } from 'zod';

export const ZPublishOutboxEventsInput = z.object({
  limit: z.number().int().min(1).max(1000).default(100).describe('Most outbox events published by this call.'),
  first_delay_ms: z
    .number()
    .int()
    .min(0)
    .max(86_400_000)
    .default(0)
    .describe("The retry schedule's first slot: the wait before a new delivery's first attempt."),
});

export const ZPublishOutboxEventsOutput = z.object({
  published: z.number().int().describe('Outbox events stamped published; fewer than limit means none is left.'),
  deliveries: z.number().int().describe('Deliveries created for them.'),
});
