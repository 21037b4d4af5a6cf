import { z } from 'zod';
import { directoryClaimStatuses } from '../../../../orm/entities/directory/claim.ts';

const ZEvidenceCheck = z
  .object({
    outcome: z
      .enum(['match', 'no_match', 'not_comparable'])
      .describe(
        'match: both sides known and equal; no_match: both known and different; not_comparable: a side is missing.',
      ),
    business: z
      .string()
      .nullable()
      .describe("The business profile's side, normalised (null when the profile has none)."),
    listing: z.string().nullable().describe("The listing's side, normalised (null when the listing has none)."),
  })
  .meta({ id: 'DirectoryClaimEvidenceCheck' });

const ZClaimEvidence = z
  .object({
    phone: ZEvidenceCheck.describe(
      'The phone numbers as digits (an 11-digit number starting with the country code 1 loses it; fewer than 7 digits are not compared).',
    ),
    website_domain: ZEvidenceCheck.describe(
      "The registrable host of the business's website against the listing's website (lower-case, www. and subdomains dropped).",
    ),
    email_domain: ZEvidenceCheck.describe(
      "The registrable host of the business's e-mail address against the listing's website.",
    ),
    matches: z.number().int().min(0).max(3).describe('How many of the three checks matched.'),
  })
  .describe('What the service compared when the claim was made: the business profile against the listing.')
  .meta({ id: 'DirectoryClaimEvidence' });

const ZClaimTransition = z
  .object({
    from_status: z.enum(directoryClaimStatuses).nullable().describe('null for the request that created the claim.'),
    to_status: z.enum(directoryClaimStatuses),
    actor: z.enum(['business', 'operator']).describe('Who made the change.'),
    note: z.string().nullable().describe('The evidence note, the reason, or the operator note.'),
    at: z.iso.datetime().describe('When (ISO 8601 UTC).'),
  })
  .meta({ id: 'DirectoryClaimTransition' });

export const ZDirectoryClaim = z
  .object({
    id: z.uuid(),
    status: z
      .enum(directoryClaimStatuses)
      .describe(
        'pending (being reviewed; the listing is claim_pending), approved (the listing is claimed by this business), ' +
          'rejected or withdrawn (the listing went back to unclaimed), revoked (approved, then taken back by the operator).',
      ),
    business_id: z.uuid().describe('The claiming business.'),
    listing: z
      .object({
        slug: z.string(),
        name: z.string(),
        claim_status: z.enum(['unclaimed', 'claim_pending', 'claimed']).describe("The listing's claim_status now."),
      })
      .describe('The listing claimed.'),
    evidence: ZClaimEvidence,
    evidence_note: z.string().nullable().describe('What the business said when it claimed.'),
    reason: z.string().nullable().describe('Why the claim was rejected or revoked; null otherwise.'),
    decided_at: z.iso.datetime().nullable().describe('When it stopped being pending (ISO 8601 UTC).'),
    decided_by: z.string().nullable().describe('Who decided: the operator, or `business` for a withdrawal.'),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    transitions: z.array(ZClaimTransition).describe('Every change of status, oldest first.'),
  })
  .meta({ id: 'DirectoryClaim' });

/** The id of a claim in a path or an input. */
export const ZClaimId = z.uuid({ message: 'expected a UUID' }).describe('The claim id.');
