import { z } from 'zod';

export const ZDeleteExpiredSessionsInput = z.object({
  limit: z.number().int().min(1).max(10_000).default(1000).describe('Most sessions deleted by this call.'),
});

export const ZDeleteExpiredSessionsOutput = z.object({
  deleted: z.number().int().describe('Sessions deleted; fewer than limit means none is left to sweep.'),
});
