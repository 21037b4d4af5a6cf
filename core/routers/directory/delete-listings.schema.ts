import { z } from 'zod';

export const ZDeleteDirectoryListingsInput = z
  .object({
    slug_prefix: z
      .string()
      .min(3)
      .max(200)
      .regex(/^[a-z0-9-]+$/, { message: 'expected lower-case letters, digits and hyphens' })
      .optional()
      .describe(
        'Every listing whose slug starts with this (at least 3 characters, so it cannot empty the directory by accident).',
      ),
    slugs: z.array(z.string().min(1).max(200)).min(1).max(10_000).optional().describe('These listings.'),
  })
  .refine((input) => (input.slug_prefix === undefined) !== (input.slugs === undefined), {
    message: 'give exactly one of slug_prefix and slugs',
  });

export const ZDeleteDirectoryListingsOutput = z.object({
  deleted: z.number().int().describe('Listings deleted (their photos go with them).'),
});
