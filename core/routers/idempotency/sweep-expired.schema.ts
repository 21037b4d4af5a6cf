import { z } from 'zod';

export const ZSweepExpiredInput = z.object({
  batch_size: z.number().int().min(1).max(10_000).default(1000).describe('Rows deleted per statement.'),
  max_batches: z.number().int().min(1).max(1000).default(20).describe('Statements per sweep at most.'),
});

export const ZSweepExpiredOutput = z.object({
  deleted: z.number().int().describe('Expired keys deleted.'),
});
