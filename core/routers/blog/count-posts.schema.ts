import { z } from 'zod';

export const ZCountPostsInput = z.void();

export const ZCountPostsOutput = z.object({ count: z.number().int().describe('Posts of any status and locale.') });
