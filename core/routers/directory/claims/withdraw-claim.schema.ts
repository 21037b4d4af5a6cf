import { z } from 'zod';
import { ZClaimId, ZDirectoryClaim } from './claim.schema.ts';

export const ZWithdrawClaimInput = z.object({ id: ZClaimId });

export const ZWithdrawClaimOutput = ZDirectoryClaim;
