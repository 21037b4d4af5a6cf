import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { ZDirectoryClaim } from './claim.schema.ts';

export const ZRequestClaimInput = z.object({
  listing_slug: z.string().min(1).max(200).describe('The slug of the published listing to claim.'),
  evidence_note: z
    .string()
    .trim()
    .max(1000)
    .check(noNul())
    .optional()
    .describe(
      'Why the listing is your business (for the operator). Required when none of the automatic checks matches.',
    ),
});

export const ZRequestClaimOutput = ZDirectoryClaim;
