import { z } from 'zod';

export const ZDeleteExpiredSignInNoncesInput = z.object({
  limit: z.number().int().min(1).max(10_000).default(1000).describe('Most nonces deleted by this call.'),
});

export const ZDeleteExpiredSignInNoncesOutput = z.object({
  deleted: z.number().int().describe('Nonces deleted; fewer than limit means none is left to sweep.'),
});
