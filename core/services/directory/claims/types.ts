import type { ClaimEvidence } from './evidence.ts';
import type { ClaimStatus } from '../types.ts';

export type DirectoryClaimStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'revoked';

/** Who moved a claim: the claiming business (request, withdraw) or the operator (approve, reject, revoke). */
export type ClaimActor = 'business' | 'operator';

/** The webhook events of claims, sent to the claiming business (entity type `directory_claim`). */
export type DirectoryClaimEventType =
  | 'directory_claim.requested'
  | 'directory_claim.approved'
  | 'directory_claim.rejected'
  | 'directory_claim.withdrawn'
  | 'directory_claim.revoked';

export interface ClaimTransitionView {
  from_status: DirectoryClaimStatus | null;
  to_status: DirectoryClaimStatus;
  actor: ClaimActor;
  note: string | null;
  at: string;
}

/** A claim as the workspace API, the operator's procedures and the events show it. */
export interface DirectoryClaimView {
  id: string;
  status: DirectoryClaimStatus;
  business_id: string;
  listing: { slug: string; name: string; claim_status: ClaimStatus };
  evidence: ClaimEvidence;
  evidence_note: string | null;
  reason: string | null;
  decided_at: string | null;
  decided_by: string | null;
  created_at: string;
  updated_at: string;
  transitions: ClaimTransitionView[];
}

/** The operator's review row: the claim and the business that made it. */
export interface PendingClaimView extends DirectoryClaimView {
  business: { id: string; slug: string; name: string };
}

/** At most this many pending claims per business: more is 409 DIRECTORY_CLAIM_LIMIT_REACHED. */
export const MAX_PENDING_CLAIMS_PER_BUSINESS = 10;
