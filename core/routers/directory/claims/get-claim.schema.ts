import { z } from 'zod';
import { ZClaimId, ZDirectoryClaim } from './claim.schema.ts';

export const ZGetClaimInput = z.object({ id: ZClaimId });

export const ZGetClaimOutput = ZDirectoryClaim;
