import { z } from 'zod';

export const ZFindDemoOwnersInput = z.object({
  business_slugs: z.array(z.string().min(1).max(100)).min(1).max(10),
});

export const ZFindDemoOwnersOutput = z.object({
  owners: z.array(
    z.object({
      email: z.string(),
      name: z.string(),
      businesses: z.array(z.object({ slug: z.string(), name: z.string() })),
    }),
  ),
});
