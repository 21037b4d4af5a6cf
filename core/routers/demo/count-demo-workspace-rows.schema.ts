import { z } from 'zod';

export const ZCountDemoWorkspaceRowsInput = z.object({
  business_slug: z.string().min(1).max(100),
});

export const ZCountDemoWorkspaceRowsOutput = z.object({
  business_id: z.uuid().nullable().describe('Null when no business has the slug (then both counts are 0).'),
  customers: z.number().int(),
  jobs: z.number().int(),
});
