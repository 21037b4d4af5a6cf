import { z } from 'zod';
import { noNul } from '../../services/sql/no-nul.ts';
import { ZClaimId, ZDirectoryClaim } from './claims/claim.schema.ts';

const note = (max: number) => z.string().trim().min(1).max(max).check(noNul());

/** Who decided, as the claim and its history keep it. */
const ZDecidedBy = note(200).default('operator').describe('Who decides (kept as decided_by), e.g. an operator name.');

export const ZListPendingClaimsInput = z.object({
  limit: z.number().int().min(1).max(1000).default(100),
});

export const ZListPendingClaimsOutput = z.object({
  items: z.array(
    ZDirectoryClaim.extend({
      business: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }),
    }),
  ),
});

export const ZApproveClaimInput = z.object({
  id: ZClaimId,
  note: note(1000).optional().describe("The operator's note, kept in the claim's history."),
  decided_by: ZDecidedBy,
});

export const ZRejectClaimInput = z.object({
  id: ZClaimId,
  reason: note(1000).describe('Why: kept on the claim and sent to the business.'),
  decided_by: ZDecidedBy,
});

export const ZRevokeClaimInput = z.object({
  listing_slug: z.string().min(1).max(200),
  reason: note(1000).describe('Why: kept on the claim and sent to the business.'),
  decided_by: ZDecidedBy,
});

export const ZDecidedClaimOutput = ZDirectoryClaim;

export const ZRevokeClaimOutput = z.object({
  listing_slug: z.string(),
  claim: ZDirectoryClaim.nullable().describe('The revoked claim; null for a listing stored as claimed without one.'),
});
