import { z } from 'zod';

export const ZCountDirectoryListingsInput = z.void();

export const ZCountDirectoryListingsOutput = z.object({
  count: z.number().int().describe('All listings, whatever their status.'),
});
