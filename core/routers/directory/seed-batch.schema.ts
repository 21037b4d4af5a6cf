import { z } from 'zod';

export const ZSeedDirectoryBatchInput = z.object({
  start: z.number().int().min(0).max(100_000_000).describe('First position of the deterministic sequence.'),
  count: z.number().int().min(1).max(5000).describe('Number of positions (published businesses) to generate.'),
});

export const ZSeedDirectoryBatchOutput = z.object({
  listings: z.number().int().describe('Listings inserted, unlisted extras included; positions already there are skipped.'),
  photos: z.number().int(),
});
