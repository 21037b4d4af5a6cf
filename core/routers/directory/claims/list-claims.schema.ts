import { z } from 'zod';
import { ZCursorPage } from '../../../domain/workspace/cursor-page.schema.ts';
import { directoryClaimStatuses } from '../../../../orm/entities/directory/claim.ts';
import { ZDirectoryClaim } from './claim.schema.ts';

export const ZListClaimsInput = z.object({
  status: z.enum(directoryClaimStatuses).describe('Only claims in this status.').optional(),
  cursor: z
    .string()
    .min(1)
    .max(500)
    .describe('Opaque cursor: the `next_cursor` of the previous page. Omit it for the first page.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25).describe('Items per page, 1 to 100 (default 25).'),
});

export const ZListClaimsOutput = ZCursorPage(ZDirectoryClaim);
