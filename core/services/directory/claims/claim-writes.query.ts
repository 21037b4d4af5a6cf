import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../errors/index.ts';
import { isUniqueViolation } from '../../sql/unique-violation.ts';
import { runQuery } from '../../sql/query.ts';
import { recordOutboxEvent } from '../../workspace/outbox.query.ts';
import { findClaimForOperator } from './claim-rows.query.ts';
import { claimEvidence, type ProfileContacts } from './evidence.ts';
import {
  MAX_PENDING_CLAIMS_PER_BUSINESS,
  type ClaimActor,
  type DirectoryClaimEventType,
  type DirectoryClaimStatus,
  type DirectoryClaimView,
} from './types.ts';

export function claimNotFound(claimId: string): AppError {
  return new AppError('RESOURCE_NOT_FOUND', `No directory claim with id ${claimId} in this business.`);
}

export function listingNotFound(slug: string): AppError {
  return new AppError('RESOURCE_NOT_FOUND', `No published directory listing has the slug "${slug}".`);
}

/** Appends a step to the claim's history (in the write's transaction). */
async function recordTransition(
  tx: EntityManager,
  claimId: string,
  from: DirectoryClaimStatus | null,
  to: DirectoryClaimStatus,
  actor: ClaimActor,
  note: string | null,
  now: Date,
): Promise<void> {
  await runQuery(tx, {
    sql: `insert into directory_claim_transitions (claim_id, from_status, to_status, actor, note, created_at)
          values (?, ?, ?, ?, ?, ?)`,
    params: [claimId, from, to, actor, note, now.toISOString()],
  });
}

/** Queues the event of a transition for the claiming business, with the claim as it now is; answers that claim. */
async function emitClaimEvent(
  tx: EntityManager,
  claimId: string,
  eventType: DirectoryClaimEventType,
  now: Date,
): Promise<DirectoryClaimView> {
  const claim = (await findClaimForOperator(tx, claimId))!;
  recordOutboxEvent(tx, {
    businessId: claim.business_id,
    eventType,
    aggregateType: 'directory_claim',
    aggregateId: claim.id,
    payload: claim as unknown as Record<string, unknown>,
    occurredAt: now,
  });
  await tx.flush();
  return claim;
}

/**
 * unclaimed -> claim_pending: reserves the listing with one conditional update (the row lock makes
 * concurrent requests wait and then find it pending, so exactly one wins), then stores the claim, its
 * evidence and first transition, and queues directory_claim.requested, in one transaction. The
 * business row is locked first, so its count of pending claims cannot be raced past the limit.
 * A claim no check supports needs a note (400 DIRECTORY_CLAIM_EVIDENCE_REQUIRED, nothing stored).
 */
export function requestClaim(
  em: EntityManager,
  businessId: string,
  request: { listingSlug: string; evidenceNote: string | null },
  now: Date,
): Promise<DirectoryClaimView> {
  return em.transactional(async (tx) => {
    const [profile] = await runQuery<ProfileContacts>(tx, {
      sql: 'select phone, website_url, email from businesses where id = ? for update',
      params: [businessId],
    });
    if (!profile) throw new AppError('UNAUTHORIZED', 'The business of this token no longer exists.');
    const [pending] = await runQuery<{ count: number }>(tx, {
      sql: `select count(*)::int as count from directory_claims where business_id = ? and status = 'pending'`,
      params: [businessId],
    });
    if ((pending?.count ?? 0) >= MAX_PENDING_CLAIMS_PER_BUSINESS) {
      throw new AppError(
        'DIRECTORY_CLAIM_LIMIT_REACHED',
        `The business has ${MAX_PENDING_CLAIMS_PER_BUSINESS} pending claims, the most it may have at once.`,
        { details: [{ pending_claims: pending!.count, limit: MAX_PENDING_CLAIMS_PER_BUSINESS }] },
      );
    }
    const [listing] = await runQuery<{ id: number; phone: string | null; website_url: string | null }>(tx, {
      sql: `update directory_listings set claim_status = 'claim_pending', updated_at = ?
            where slug = ? and status = 'published' and claim_status = 'unclaimed'
            returning id, phone, website_url`,
      params: [now.toISOString(), request.listingSlug],
    });
    if (!listing) throw await unclaimableListing(tx, businessId, request.listingSlug);

    const evidence = claimEvidence(profile, listing);
    if (evidence.matches === 0 && request.evidenceNote === null) {
      throw new AppError(
        'DIRECTORY_CLAIM_EVIDENCE_REQUIRED',
        "No automatic check matched the business profile against the listing (phone, website domain, e-mail domain): say in evidence_note why the listing is your business's.",
        { details: [{ evidence }] },
      );
    }
    const claimId = randomUUID();
    try {
      await runQuery(tx, {
        sql: `insert into directory_claims (id, listing_id, business_id, status, evidence, evidence_note, created_at, updated_at)
              values (?, ?, ?, 'pending', ?::jsonb, ?, ?, ?)`,
        params: [
          claimId,
          listing.id,
          businessId,
          JSON.stringify(evidence),
          request.evidenceNote,
          now.toISOString(),
          now.toISOString(),
        ],
      });
    } catch (error) {
      // The listing's reservation makes this unreachable; the index is the last word if it ever is not.
      if (isUniqueViolation(error, 'directory_claims_one_pending_idx')) throw pendingConflict(request.listingSlug);
      throw error;
    }
    await recordTransition(tx, claimId, null, 'pending', 'business', request.evidenceNote, now);
    return emitClaimEvent(tx, claimId, 'directory_claim.requested', now);
  });
}

function pendingConflict(slug: string): AppError {
  return new AppError(
    'DIRECTORY_LISTING_CLAIM_PENDING',
    `The listing "${slug}" has a pending claim already; it can be claimed again only if that claim is rejected or withdrawn.`,
    { details: [{ claim_status: 'claim_pending' }] },
  );
}

/** Why a listing could not be reserved: not found (unknown or unpublished), pending, or claimed. */
async function unclaimableListing(tx: EntityManager, businessId: string, slug: string): Promise<AppError> {
  const [row] = await runQuery<{ claim_status: string; claimed_business_id: string | null }>(tx, {
    sql: `select claim_status, claimed_business_id from directory_listings where slug = ? and status = 'published'`,
    params: [slug],
  });
  if (!row) return listingNotFound(slug);
  if (row.claim_status === 'claim_pending') return pendingConflict(slug);
  const yours = row.claimed_business_id === businessId;
  return new AppError(
    'DIRECTORY_LISTING_ALREADY_CLAIMED',
    yours
      ? `The listing "${slug}" is claimed by your business already: edit it through /v1/directory/claimed-listings/${slug}.`
      : `The listing "${slug}" is claimed already.`,
    { details: [{ claim_status: 'claimed', claimed_by_you: yours }] },
  );
}

/** 409 naming the claim's current status (a decided claim), or 404 (no such claim, for this caller). */
async function notPending(
  tx: EntityManager,
  claimId: string,
  businessId: string | undefined,
  wanted: string,
): Promise<AppError> {
  const [row] = await runQuery<{ status: string }>(tx, {
    sql:
      businessId === undefined
        ? 'select status from directory_claims where id = ?'
        : 'select status from directory_claims where id = ? and business_id = ?',
    params: businessId === undefined ? [claimId] : [claimId, businessId],
  });
  if (!row) return businessId === undefined ? operatorClaimNotFound(claimId) : claimNotFound(claimId);
  return new AppError(
    'DIRECTORY_CLAIM_NOT_PENDING',
    `The claim ${claimId} is ${row.status}, not pending: it cannot be ${wanted}.`,
    { details: [{ current_status: row.status, required_status: 'pending' }] },
  );
}

function operatorClaimNotFound(claimId: string): AppError {
  return new AppError('RESOURCE_NOT_FOUND', `No directory claim with id ${claimId}.`);
}

interface Decision {
  claimId: string;
  /** Only this business's claim (a withdrawal); undefined for the operator. */
  businessId?: string;
  to: 'approved' | 'rejected' | 'withdrawn';
  actor: ClaimActor;
  /** The rejection's reason, stored on the claim. */
  reason: string | null;
  /** Who decided (the operator's name; "business" for a withdrawal). */
  decidedBy: string;
  /** The note of the transition (the reason, or the operator's approval note). */
  note: string | null;
}

const EVENT_OF: Record<Decision['to'], DirectoryClaimEventType> = {
  approved: 'directory_claim.approved',
  rejected: 'directory_claim.rejected',
  withdrawn: 'directory_claim.withdrawn',
};

/**
 * pending -> approved (the listing claimed and linked to the business), rejected or withdrawn (the
 * listing unclaimed again): one conditional update of the claim on `status = 'pending'`, so of
 * concurrent decisions one wins and the others answer 409; the listing, the history and the event
 * follow in the same transaction.
 */
export function decideClaim(em: EntityManager, decision: Decision, now: Date): Promise<DirectoryClaimView> {
  return em.transactional(async (tx) => {
    const scope = decision.businessId === undefined ? '' : ' and business_id = ?';
    const [claim] = await runQuery<{ listing_id: number; business_id: string }>(tx, {
      sql: `update directory_claims set status = ?, reason = ?, decided_at = ?, decided_by = ?, updated_at = ?
            where id = ? and status = 'pending'${scope} returning listing_id, business_id`,
      params: [
        decision.to,
        decision.reason,
        now.toISOString(),
        decision.decidedBy,
        now.toISOString(),
        decision.claimId,
        ...(decision.businessId === undefined ? [] : [decision.businessId]),
      ],
    });
    if (!claim) {
      const verb = { approved: 'approved', rejected: 'rejected', withdrawn: 'withdrawn' }[decision.to];
      throw await notPending(tx, decision.claimId, decision.businessId, verb);
    }
    await runQuery(tx, {
      sql:
        decision.to === 'approved'
          ? `update directory_listings set claim_status = 'claimed', claimed_business_id = ?, updated_at = ? where id = ?`
          : `update directory_listings set claim_status = 'unclaimed', claimed_business_id = null, updated_at = ?
             where id = ? and claim_status = 'claim_pending'`,
      params:
        decision.to === 'approved'
          ? [claim.business_id, now.toISOString(), claim.listing_id]
          : [now.toISOString(), claim.listing_id],
    });
    await recordTransition(tx, decision.claimId, 'pending', decision.to, decision.actor, decision.note, now);
    return emitClaimEvent(tx, decision.claimId, EVENT_OF[decision.to], now);
  });
}

/**
 * claimed -> unclaimed by the operator: the listing loses its link and its approved claim becomes
 * `revoked` with the reason (directory_claim.revoked to that business). A listing stored as claimed
 * without a claim (demo data, an import) is unclaimed without an event. Answers the claim, or null then.
 */
export function revokeClaim(
  em: EntityManager,
  revocation: { listingSlug: string; reason: string; decidedBy: string },
  now: Date,
): Promise<{ listing_slug: string; claim: DirectoryClaimView | null }> {
  return em.transactional(async (tx) => {
    const [listing] = await runQuery<{ id: number }>(tx, {
      sql: `update directory_listings set claim_status = 'unclaimed', claimed_business_id = null, updated_at = ?
            where slug = ? and claim_status = 'claimed' returning id`,
      params: [now.toISOString(), revocation.listingSlug],
    });
    if (!listing) {
      const [row] = await runQuery<{ claim_status: string }>(tx, {
        sql: 'select claim_status from directory_listings where slug = ?',
        params: [revocation.listingSlug],
      });
      if (!row)
        throw new AppError('RESOURCE_NOT_FOUND', `No directory listing has the slug "${revocation.listingSlug}".`);
      throw new AppError(
        'DIRECTORY_LISTING_NOT_CLAIMED',
        `The listing "${revocation.listingSlug}" is ${row.claim_status}, not claimed: there is nothing to revoke.`,
        { details: [{ current_claim_status: row.claim_status, required_claim_status: 'claimed' }] },
      );
    }
    const [claim] = await runQuery<{ id: string }>(tx, {
      sql: `update directory_claims set status = 'revoked', reason = ?, decided_at = ?, decided_by = ?, updated_at = ?
            where listing_id = ? and status = 'approved' returning id`,
      params: [revocation.reason, now.toISOString(), revocation.decidedBy, now.toISOString(), listing.id],
    });
    if (!claim) return { listing_slug: revocation.listingSlug, claim: null };
    await recordTransition(tx, claim.id, 'approved', 'revoked', 'operator', revocation.reason, now);
    return {
      listing_slug: revocation.listingSlug,
      claim: await emitClaimEvent(tx, claim.id, 'directory_claim.revoked', now),
    };
  });
}
