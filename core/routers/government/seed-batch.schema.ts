import { z } from 'zod';

/** The largest batch one call inserts: one INSERT statement, a few MB of SQL. */
export const SEED_BATCH_MAX = 2_000;

export const ZSeedBatchInput = z.object({
  start: z.number().int().min(0).max(100_000_000).describe('Index of the first generated row.'),
  count: z.number().int().min(1).max(SEED_BATCH_MAX).describe('How many consecutive rows to generate.'),
});

export const ZSeedBatchOutput = z.object({
  inserted: z.number().int().describe('Rows inserted; rows whose notice id or slug already existed are skipped.'),
});
