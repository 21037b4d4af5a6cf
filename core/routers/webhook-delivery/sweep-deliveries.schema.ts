import { z } from 'zod';

export const ZSweepDeliveriesInput = z.object({
  limit: z.number().int().min(1).max(10_000).default(1000).describe('Most deliveries deleted by this call.'),
});

export const ZSweepDeliveriesOutput = z.object({
  deleted: z
    .number()
    .int()
    .describe('Deliveries deleted (their attempts with them); fewer than limit means none is left.'),
});
