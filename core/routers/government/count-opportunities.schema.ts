import { z } from 'zod';

export const ZCountOpportunitiesInput = z.void();

export const ZCountOpportunitiesOutput = z.object({
  total: z.number().int().describe('Every stored opportunity, whatever its status.'),
});
