import type { Context } from '../../context.ts';
import { claimDuePending, notePendingAttempt, type ClaimedPending } from '../payments/payments-received.query.ts';
import { storableText } from '../sql/storable-text.ts';
import { readChain } from './chain-verdict.ts';
import { completeCheckout } from './checkout-handoff.ts';
import type { PaymentFacilitator, SettleOutcome, StoredSettlement } from './facilitator-port.ts';
import { recordSettled, recordUnsettled } from './payment-ledger.ts';

type ReconcileContext = Pick<Context, 'em' | 'sql' | 'clock' | 'log' | 'services' | 'urls'>;

/** A claimed row is leased this long: longer than a re-settle with its retries can take (3 tries of at most 2 minutes). */
const LEASE_MS = 10 * 60_000;
/** The wait after an attempt that left a settlement pending: 30 s, doubling per attempt, at most 1 h. */
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/**
 * How long after the authorization's validBefore the facilitator may still confirm a transaction it
 * broadcast in time (mined late, or confirmed late by a slow facilitator). After it, no more automatic
 * attempts: the payment is the operator's (docs/payments.md, Settlement recovery).
 */
const CONFIRMATION_GRACE_MS = 60 * 60_000;
/**
 * Refusals that do not show that nothing moved: the authorization's nonce is used (by our own first
 * settle that the facilitator forgot, or by the payer cancelling it) or its validity window is over
 * (it may have been executed before). Only the chain can tell (chain-verdict.ts, with PAYMENT_RPC_URL);
 * without it, such a payment stays pending. Linear: alternatives of fixed words.
 */
const UNDECIDED_REFUSAL = /nonce|valid_?before|valid_?after|expired/i;

/** One payment the pass changed or tried, for the log and the admin command. */
export interface ReconcileChange {
  payment_id: string;
  from: 'settlement_pending';
  to: 'settled' | 'failed' | 'settlement_pending';
  transaction: string | null;
  note: string;
}

function backoff(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

function instant(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}

/**
 * Keeps the payment pending: the next attempt after the back-off, or none once its authorization is
 * long over, unless `keepTrying` (a chain read that failed or could not decide yet: asking again may).
 */
async function stayPending(
  ctx: ReconcileContext,
  row: ClaimedPending,
  why: string,
  transaction: string | null,
  keepTrying = false,
): Promise<ReconcileChange> {
  const now = ctx.clock.now();
  const validBefore = instant(row.valid_before);
  const over = !keepTrying && validBefore !== null && now.getTime() > validBefore.getTime() + CONFIRMATION_GRACE_MS;
  const note = over
    ? `authorization expired without confirmation (${why}); no more automatic attempts: check the chain and resolve by hand`
    : why;
  await notePendingAttempt(ctx.sql, {
    id: row.id,
    lastError: storableText(note, 1000),
    transaction,
    nextAttemptAt: over ? null : new Date(now.getTime() + backoff(row.settle_attempts)),
  });
  return { payment_id: row.id, from: 'settlement_pending', to: 'settlement_pending', transaction, note };
}

function change(row: ClaimedPending, to: ReconcileChange['to'], transaction: string | null, note: string) {
  return { payment_id: row.id, from: 'settlement_pending' as const, to, transaction, note };
}

/** Records the payment settled (its checkout session completed), unless another reconciler recorded it first. */
async function settle(
  ctx: ReconcileContext,
  row: ClaimedPending,
  settled: { transaction: string; payer: string },
  note: string,
): Promise<ReconcileChange> {
  const changed = await recordSettled(ctx, row.id, settled, 'settlement_pending');
  if (!changed)
    return change(row, 'settlement_pending', settled.transaction, 'settled, but another reconciler recorded it');
  if (row.checkout_session_id !== null)
    await completeCheckout(ctx, { sessionId: row.checkout_session_id, paymentId: row.id, ...settled });
  return change(row, 'settled', settled.transaction, note);
}

/** Records the payment failed (nothing was charged: its session is payable again), unless another reconciler recorded it first. */
async function fail(
  ctx: ReconcileContext,
  row: ClaimedPending,
  failure: string,
  transaction: string | null,
): Promise<ReconcileChange> {
  const changed = await recordUnsettled(ctx, row.id, { outcome: 'failed', failure, transaction }, 'settlement_pending');
  return changed
    ? change(row, 'failed', transaction, failure)
    : change(row, 'settlement_pending', null, 'failed, but another reconciler recorded it first');
}

/**
 * What the facilitator left open: the chain decides it when PAYMENT_RPC_URL is configured
 * (chain-verdict.ts); otherwise, or when the chain cannot tell yet, the payment stays pending.
 */
async function undecided(
  ctx: ReconcileContext,
  row: ClaimedPending,
  why: string,
  transaction: string | null,
): Promise<ReconcileChange> {
  const chain = ctx.services.settlementChain;
  if (!chain) return stayPending(ctx, row, why, transaction);
  const verdict = await readChain(chain, row, transaction ?? row.transaction, ctx.clock.now());
  switch (verdict.kind) {
    case 'settled':
      return settle(ctx, row, { transaction: verdict.transaction, payer: row.payer }, verdict.note);
    case 'failed':
      return fail(ctx, row, verdict.failure, verdict.transaction);
    case 'undecided':
      return stayPending(ctx, row, `${why}; ${verdict.note}`, transaction, verdict.transient);
  }
}

/** What the facilitator's answer to the same payload makes of one pending payment. Every transition goes through the ledger. */
async function resolve(ctx: ReconcileContext, row: ClaimedPending, outcome: SettleOutcome): Promise<ReconcileChange> {
  switch (outcome.kind) {
    case 'settled':
      return settle(
        ctx,
        row,
        { transaction: outcome.transaction, payer: outcome.payer?.toLowerCase() ?? row.payer },
        'the facilitator confirmed the settlement',
      );
    case 'pending':
      return undecided(ctx, row, `settlement pending: ${outcome.reason}`, outcome.transaction ?? null);
    case 'failed':
      return undecided(ctx, row, `facilitator: ${(outcome.error as Error).message}`, null);
    case 'refused': {
      if (UNDECIDED_REFUSAL.test(outcome.reason))
        return undecided(ctx, row, `refused, undecided: ${outcome.reason}`, outcome.transaction ?? null);
      return fail(ctx, row, `settle refused on reconciliation: ${outcome.reason}`, outcome.transaction ?? null);
    }
  }
}

/**
 * One pass of settlement recovery: claims up to `limit` due `settlement_pending` payments (leased,
 * `skip locked`: one instance per payment), sends each one's stored payload and requirements to the
 * facilitator again (never anything else, so never a second charge), and records what it says:
 * settled (and the checkout session completed), failed (a refusal that shows nothing moved: the
 * session is payable again), or still pending (the next attempt backed off). One payment's failure
 * is logged and never stops the pass. Without a facilitator configured there is nothing to ask.
 */
export async function reconcilePending(
  ctx: ReconcileContext,
  options: { limit: number; includeNotDue: boolean },
): Promise<{ claimed: number; changes: ReconcileChange[] }> {
  const facilitator: PaymentFacilitator | undefined = ctx.services.paymentFacilitator;
  if (!facilitator) return { claimed: 0, changes: [] };
  const now = ctx.clock.now();
  const claimed = await claimDuePending(ctx.sql, {
    now,
    leaseUntil: new Date(now.getTime() + LEASE_MS),
    limit: options.limit,
    includeNotDue: options.includeNotDue,
  });
  const changes: ReconcileChange[] = [];
  for (const row of claimed) {
    try {
      const stored = {
        payload: row.payment_payload,
        requirements: row.payment_requirements,
      } as StoredSettlement;
      const change = await resolve(ctx, row, await facilitator.resettle(stored));
      if (change.to !== 'settlement_pending') ctx.log.info({ ...change }, 'a pending settlement was resolved');
      changes.push(change);
    } catch (error) {
      // The lease stands: the row is asked again once it runs out.
      ctx.log.error({ err: error, payment_id: row.id }, 'a pending settlement could not be reconciled');
    }
  }
  return { claimed: claimed.length, changes };
}
