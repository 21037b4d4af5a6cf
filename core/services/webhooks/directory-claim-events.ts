import { ZDirectoryClaim } from '../../routers/directory/claims/claim.schema.ts';
import type { DirectoryClaimEventType } from '../directory/claims/types.ts';

const requestedAt = '2027-01-12T15:04:05.120Z';
const decidedAt = '2027-01-13T09:30:00.000Z';

/** A claim as GET /v1/directory/claims/{id} answers it, at the moment of each event. */
function exampleClaim(overrides: Record<string, unknown>, transitions: Record<string, unknown>[]) {
  return {
    id: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    status: 'pending',
    business_id: '1b6e8f0a-2c3d-4e5f-9a0b-1c2d3e4f5a6b',
    listing: { slug: 'lone-star-plumbing-austin', name: 'Lone Star Plumbing', claim_status: 'claim_pending' },
    evidence: {
      phone: { outcome: 'match', business: '5125550147', listing: '5125550147' },
      website_domain: { outcome: 'match', business: 'lonestarplumbing.com', listing: 'lonestarplumbing.com' },
      email_domain: { outcome: 'not_comparable', business: null, listing: 'lonestarplumbing.com' },
      matches: 2,
    },
    evidence_note: 'We are the owners; the listing shows our shop phone.',
    reason: null,
    decided_at: null,
    decided_by: null,
    created_at: requestedAt,
    updated_at: requestedAt,
    transitions: [
      {
        from_status: null,
        to_status: 'pending',
        actor: 'business',
        note: 'We are the owners; the listing shows our shop phone.',
        at: requestedAt,
      },
      ...transitions,
    ],
    ...overrides,
  };
}

const decided = (status: string, claimStatus: string, reason: string | null, decidedBy: string, note: string | null) =>
  exampleClaim(
    {
      status,
      listing: { slug: 'lone-star-plumbing-austin', name: 'Lone Star Plumbing', claim_status: claimStatus },
      reason,
      decided_at: decidedAt,
      decided_by: decidedBy,
      updated_at: decidedAt,
    },
    [
      {
        from_status: 'pending',
        to_status: status,
        actor: decidedBy === 'business' ? 'business' : 'operator',
        note,
        at: decidedAt,
      },
    ],
  );

const revokedAt = '2027-02-01T11:00:00.000Z';

function definition(
  type: DirectoryClaimEventType,
  description: string,
  emittedBy: string[],
  example: Record<string, unknown>,
) {
  return { type, description, emittedBy, data: ZDirectoryClaim, entityType: 'directory_claim', example };
}

/**
 * The directory claim events (docs/directory-import-and-claims.md#claims), sent to the claiming
 * business only, each in the transaction of the transition it reports. `data` is the claim as
 * GET /v1/directory/claims/{id} answers it after the transition.
 */
export const directoryClaimEventDefinitions = {
  'directory_claim.requested': definition(
    'directory_claim.requested',
    'The business claimed a directory listing: the claim is pending and the listing claim_pending. `data` is the claim with the evidence the service recorded.',
    ['request-claim'],
    exampleClaim({}, []),
  ),
  'directory_claim.approved': definition(
    'directory_claim.approved',
    "The operator approved the business's claim: the listing is claimed (is_claimed true) and the business may edit it. `data` is the claim.",
    [],
    decided('approved', 'claimed', null, 'operator', 'Called the listed number; the owner confirmed.'),
  ),
  'directory_claim.rejected': definition(
    'directory_claim.rejected',
    "The operator rejected the business's claim: the listing is unclaimed again; `reason` says why. `data` is the claim.",
    [],
    decided(
      'rejected',
      'unclaimed',
      'The listed phone belongs to another company.',
      'operator',
      'The listed phone belongs to another company.',
    ),
  ),
  'directory_claim.withdrawn': definition(
    'directory_claim.withdrawn',
    'The business withdrew its pending claim: the listing is unclaimed again. `data` is the claim.',
    ['withdraw-claim'],
    decided('withdrawn', 'unclaimed', null, 'business', null),
  ),
  'directory_claim.revoked': definition(
    'directory_claim.revoked',
    'The operator took back a listing the business had claimed: the listing is unclaimed, the business can no longer edit it; `reason` says why. `data` is the claim.',
    [],
    exampleClaim(
      {
        status: 'revoked',
        listing: { slug: 'lone-star-plumbing-austin', name: 'Lone Star Plumbing', claim_status: 'unclaimed' },
        reason: 'The business closed; the listing is kept as unclaimed.',
        decided_at: revokedAt,
        decided_by: 'operator',
        updated_at: revokedAt,
      },
      [
        { from_status: 'pending', to_status: 'approved', actor: 'operator', note: null, at: decidedAt },
        {
          from_status: 'approved',
          to_status: 'revoked',
          actor: 'operator',
          note: 'The business closed; the listing is kept as unclaimed.',
          at: revokedAt,
        },
      ],
    ),
  ),
} satisfies Record<DirectoryClaimEventType, ReturnType<typeof definition>>;
