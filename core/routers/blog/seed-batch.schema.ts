import { z } from 'zod';

export const MAX_SEED_BATCH = 1000;

export const ZSeedBatchInput = z.object({
  start: z.number().int().min(0).max(100_000_000).describe('Index of the first row of the deterministic sequence.'),
  count: z.number().int().min(1).max(MAX_SEED_BATCH),
});

export const ZSeedBatchOutput = z.object({
  inserted: z.number().int().describe('New posts; rows already there (same slug and locale) are skipped.'),
});
