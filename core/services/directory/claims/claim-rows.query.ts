import { runQuery, type SqlSource } from '../../sql/query.ts';
import type { ClaimEvidence } from './evidence.ts';
import type { ClaimTransitionView, DirectoryClaimView, PendingClaimView } from './types.ts';

/** An instant in SQL as ISO 8601 UTC with milliseconds, the way toISOString() writes it. */
const iso = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of a claim view: claim `c` joined to its listing `l`, the history aggregated in order. */
const CLAIM_COLUMNS = `c.id, c.status, c.business_id, c.evidence, c.evidence_note, c.reason, c.decided_by,
  ${iso('c.decided_at')} as decided_at, ${iso('c.created_at')} as created_at, ${iso('c.updated_at')} as updated_at,
  l.slug as listing_slug, l.name as listing_name, l.claim_status as listing_claim_status,
  coalesce((select json_agg(json_build_object('from_status', t.from_status, 'to_status', t.to_status,
      'actor', t.actor, 'note', t.note, 'at', ${iso('t.created_at')}) order by t.id)
    from directory_claim_transitions t where t.claim_id = c.id), '[]'::json) as transitions`;

interface ClaimRow {
  id: string;
  status: DirectoryClaimView['status'];
  business_id: string;
  evidence: ClaimEvidence;
  evidence_note: string | null;
  reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
  listing_slug: string;
  listing_name: string;
  listing_claim_status: DirectoryClaimView['listing']['claim_status'];
  transitions: ClaimTransitionView[];
}

function toClaimView(row: ClaimRow): DirectoryClaimView {
  return {
    id: row.id,
    status: row.status,
    business_id: row.business_id,
    listing: { slug: row.listing_slug, name: row.listing_name, claim_status: row.listing_claim_status },
    evidence: row.evidence,
    evidence_note: row.evidence_note,
    reason: row.reason,
    decided_at: row.decided_at,
    decided_by: row.decided_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    transitions: row.transitions,
  };
}

/** One claim of one business, or null (another business's claim is null too). */
export async function findClaim(
  source: SqlSource,
  businessId: string,
  claimId: string,
): Promise<DirectoryClaimView | null> {
  const [row] = await runQuery<ClaimRow>(source, {
    sql: `select ${CLAIM_COLUMNS} from directory_claims c join directory_listings l on l.id = c.listing_id
          where c.business_id = ? and c.id = ?`,
    params: [businessId, claimId],
  });
  return row ? toClaimView(row) : null;
}

/** One claim whatever its business (the operator's view, and the events'), or null. */
export async function findClaimForOperator(source: SqlSource, claimId: string): Promise<DirectoryClaimView | null> {
  const [row] = await runQuery<ClaimRow>(source, {
    sql: `select ${CLAIM_COLUMNS} from directory_claims c join directory_listings l on l.id = c.listing_id where c.id = ?`,
    params: [claimId],
  });
  return row ? toClaimView(row) : null;
}

/**
 * A page of one business's claims, newest first (created_at, id descending), optionally of one
 * status; `after` is the last row's key of the previous page. Fetches limit + 1 rows.
 */
export async function listClaims(
  source: SqlSource,
  businessId: string,
  options: { status?: DirectoryClaimView['status']; after?: [string, string]; limit: number },
): Promise<(DirectoryClaimView & { key: [string, string] })[]> {
  const conditions = ['c.business_id = ?'];
  const params: unknown[] = [businessId];
  if (options.status !== undefined) {
    conditions.push('c.status = ?');
    params.push(options.status);
  }
  if (options.after !== undefined) {
    conditions.push('(c.created_at, c.id) < (?::timestamptz, ?::uuid)');
    params.push(...options.after);
  }
  params.push(options.limit + 1);
  const rows = await runQuery<ClaimRow & { sort_at: string }>(source, {
    sql: `select ${CLAIM_COLUMNS}, c.created_at::text as sort_at
          from directory_claims c join directory_listings l on l.id = c.listing_id
          where ${conditions.join(' and ')} order by c.created_at desc, c.id desc limit ?`,
    params,
  });
  return rows.map((row) => ({ ...toClaimView(row), key: [row.sort_at, row.id] }));
}

/** The operator's queue: pending claims, oldest first, with the business that made each. */
export async function listPendingClaims(source: SqlSource, limit: number): Promise<PendingClaimView[]> {
  const rows = await runQuery<ClaimRow & { business_slug: string; business_name: string }>(source, {
    sql: `select ${CLAIM_COLUMNS}, b.slug as business_slug, b.name as business_name
          from directory_claims c join directory_listings l on l.id = c.listing_id join businesses b on b.id = c.business_id
          where c.status = 'pending' order by c.created_at, c.id limit ?`,
    params: [limit],
  });
  return rows.map((row) => ({
    ...toClaimView(row),
    business: { id: row.business_id, slug: row.business_slug, name: row.business_name },
  }));
}
