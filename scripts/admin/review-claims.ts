import { optionalFlag, UsageError, type AdminCommand, type FlagValues } from './command.ts';
import { formatTable } from './table.ts';

/** "3d 4h", "2h 5m", "12m": how long a claim has waited. */
function claimAge(createdAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes % 60}m`;
  return `${minutes}m`;
}

const CHECK_MARK: Record<string, string> = { match: 'yes', no_match: 'no', not_comparable: '-' };

/** The one action the flags ask for; more than one is wrong usage. */
function action(values: FlagValues): 'list' | 'approve' | 'reject' | 'revoke' {
  const given = (['approve', 'reject', 'revoke'] as const).filter((flag) => optionalFlag(values, flag) !== undefined);
  if (given.length > 1)
    throw new UsageError(`give one of --approve, --reject and --revoke, not ${given.join(' and ')}.`);
  return given[0] ?? 'list';
}

export const reviewClaimsCommand: AdminCommand = {
  name: 'review-claims',
  summary: 'List pending directory claims, or approve, reject or revoke one.',
  help: `[--approve <claim-id> [--note <text>] | --reject <claim-id> --reason <text> | --revoke <listing-slug> --reason <text>] [--by <name>] [--limit <n>]

  (no action)              the pending claims, oldest first: claim id, listing, business, the evidence
                           checks (PHONE, WEBSITE, EMAIL: yes, no, or - when a side is missing), age
  --approve <claim-id>     the listing becomes claimed by the business, which may then edit it
  --reject <claim-id>      the listing is unclaimed again; --reason is required and sent to the business
  --revoke <listing-slug>  a claimed listing is unclaimed again; --reason is required and sent to the business
  --note <text>            with --approve: a note kept in the claim's history
  --by <name>              who decides, kept as decided_by (default "operator")
  --limit <n>              at most this many pending claims listed (1 to 1000, default 100)
  Each decision is recorded in the claim's history and sent to the claiming business as a
  directory_claim.* event.`,
  options: {
    approve: { type: 'string' },
    reject: { type: 'string' },
    revoke: { type: 'string' },
    note: { type: 'string' },
    reason: { type: 'string' },
    by: { type: 'string' },
    limit: { type: 'string' },
  },
  async prepare(values) {
    const chosen = action(values);
    const by = optionalFlag(values, 'by');
    const decided = by === undefined ? {} : { decided_by: by };
    const reason = optionalFlag(values, 'reason');
    const note = optionalFlag(values, 'note');
    if (chosen !== 'approve' && note !== undefined) throw new UsageError('--note goes with --approve.');
    if ((chosen === 'reject' || chosen === 'revoke') && reason === undefined)
      throw new UsageError(`--${chosen} needs --reason "<why>".`);
    if ((chosen === 'approve' || chosen === 'list') && reason !== undefined)
      throw new UsageError('--reason goes with --reject or --revoke.');
    if (chosen === 'approve') {
      const input = { id: optionalFlag(values, 'approve')!, ...(note === undefined ? {} : { note }), ...decided };
      return async (caller) => {
        const claim = await caller.directory.approveClaim(input);
        return {
          json: claim,
          text: `Approved claim ${claim.id}: ${claim.listing.slug} is claimed by business ${claim.business_id}.`,
        };
      };
    }
    if (chosen === 'reject') {
      const input = { id: optionalFlag(values, 'reject')!, reason: reason!, ...decided };
      return async (caller) => {
        const claim = await caller.directory.rejectClaim(input);
        return { json: claim, text: `Rejected claim ${claim.id}: ${claim.listing.slug} is unclaimed again.` };
      };
    }
    if (chosen === 'revoke') {
      const input = { listing_slug: optionalFlag(values, 'revoke')!, reason: reason!, ...decided };
      return async (caller) => {
        const result = await caller.directory.revokeClaim(input);
        return {
          json: result,
          text: result.claim
            ? `Revoked claim ${result.claim.id}: ${result.listing_slug} is unclaimed; business ${result.claim.business_id} was told why.`
            : `${result.listing_slug} is unclaimed (it was stored as claimed without a claim: nobody to tell).`,
        };
      };
    }
    const limitText = optionalFlag(values, 'limit') ?? '100';
    const limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > 1000)
      throw new UsageError('--limit must be a whole number from 1 to 1000.');
    return async (caller) => {
      const result = await caller.directory.listPendingClaims({ limit });
      const now = new Date();
      const text =
        result.items.length === 0
          ? 'No pending claims.'
          : formatTable(
              ['CLAIM', 'LISTING', 'BUSINESS', 'PHONE', 'WEBSITE', 'EMAIL', 'AGE', 'NOTE'],
              result.items.map((claim) => [
                claim.id,
                claim.listing.slug,
                claim.business.slug,
                CHECK_MARK[claim.evidence.phone.outcome]!,
                CHECK_MARK[claim.evidence.website_domain.outcome]!,
                CHECK_MARK[claim.evidence.email_domain.outcome]!,
                claimAge(claim.created_at, now),
                (claim.evidence_note ?? '').replace(/\s+/g, ' ').slice(0, 80),
              ]),
            );
      return { json: result, text };
    };
  },
};
