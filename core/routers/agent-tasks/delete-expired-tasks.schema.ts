import { z } from 'zod';

export const ZDeleteExpiredTasksInput = z.object({
  limit: z.number().int().min(1).max(10_000).default(1000).describe('Most tasks deleted by this call.'),
});

export const ZDeleteExpiredTasksOutput = z.object({
  deleted: z.number().int().describe('Tasks deleted; fewer than limit means no expired task is left.'),
});
