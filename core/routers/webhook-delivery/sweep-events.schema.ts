import { z } from 'zod';

export const ZSweepEventsInput = z.object({
  limit: z.number().int().min(1).max(10_000).default(1000).describe('Most events deleted by this call.'),
});

export const ZSweepEventsOutput = z.object({
  deleted: z.number().int().describe('Outbox events deleted; fewer than limit means none is left.'),
});
