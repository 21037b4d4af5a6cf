import { z } from 'zod';
import { ZCursorPage } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZClaimedListing } from './claimed-listing.schema.ts';

export const ZListClaimedListingsInput = z.object({
  cursor: z
    .string()
    .min(1)
    .max(500)
    .describe('Opaque cursor: the `next_cursor` of the previous page. Omit it for the first page.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25).describe('Items per page, 1 to 100 (default 25).'),
});

export const ZListClaimedListingsOutput = ZCursorPage(ZClaimedListing);
