import { z } from 'zod';
import { ZCursorPage, ZRestCursorPageInput } from '../../../domain/workspace/cursor-page.schema.ts';
import { directoryClaimStatuses } from '../../../../orm/entities/directory/claim.ts';
import { ZDirectoryClaim } from './claim.schema.ts';

export const ZListClaimsInput = z.object({
  status: z.enum(directoryClaimStatuses).describe('Only claims in this status.').optional(),
  ...ZRestCursorPageInput,
});

export const ZListClaimsOutput = ZCursorPage(ZDirectoryClaim);
