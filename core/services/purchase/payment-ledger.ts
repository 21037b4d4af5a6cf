import { randomUUID } from 'node:crypto';
import type { Context } from '../../context.ts';
import { AppError, validationErrorMessage } from '../../errors/index.ts';
import {
  deleteReservation,
  insertReservation,
  markFailed,
  markSettled,
  type ReservationRefusal,
} from '../payments/payments-received.query.ts';
import { storableText } from '../sql/storable-text.ts';
import { ZReservation, ZSettlementRecord, type Reservation, type SettlementRecord } from './payment-ledger.schema.ts';

/** What the ledger works with: the database, the clock, the log and the metrics. */
export type LedgerContext = Pick<Context, 'sql' | 'clock' | 'log' | 'services'>;

/** The ledger's words for a reservation it did not take: 402 for a payment used before, 409 for a held session. */
function refusal(
  reason: ReservationRefusal,
  input: { payer: string; nonce: string; network: string; checkout_session_id: string | null },
): AppError {
  switch (reason) {
    case 'payment_used':
      return new AppError(
        'PAYMENT_ALREADY_USED',
        `This signed payment (payer ${input.payer}, nonce ${input.nonce} on ${input.network}) was presented before: it buys one reference once.`,
      );
    case 'session_paid':
      return new AppError(
        'CHECKOUT_SESSION_COMPLETED',
        `Checkout session ${input.checkout_session_id} is already paid.`,
      );
    case 'session_in_progress':
      return new AppError(
        'CHECKOUT_SESSION_PAYMENT_IN_PROGRESS',
        `Checkout session ${input.checkout_session_id} has another payment in progress, or one whose outcome is not known yet; this payment was not taken (nothing was verified or charged).`,
      );
  }
}

/**
 * Reserves the signed payment by its (network, payer, nonce), and the checkout session it pays if
 * any, in one atomic INSERT, before the facilitator is asked anything: a payment presented before
 * (settled, failed mid-settle, or still in flight) is PAYMENT_ALREADY_USED, so a signed payment buys
 * one reference once however many copies arrive at once; a session that already has a live payment is
 * CHECKOUT_SESSION_COMPLETED (settled) or CHECKOUT_SESSION_PAYMENT_IN_PROGRESS, so a session is paid
 * at most once. A forged payment holds a (payer, nonce) or a session only until verification refuses
 * it and the reservation is released. Answers the payment's id.
 */
export async function reservePayment(ctx: LedgerContext, reservation: Reservation): Promise<string> {
  const parsed = ZReservation.safeParse(reservation);
  if (!parsed.success) {
    const invalid = validationErrorMessage(parsed.error.issues);
    throw new AppError('VALIDATION_FAILED', invalid.message, { details: invalid.details });
  }
  const input = parsed.data;
  const id = randomUUID();
  const reserved = await insertReservation(ctx.sql, {
    id,
    network: input.network,
    payer: input.payer,
    payTo: input.pay_to,
    asset: input.asset,
    amount: input.amount,
    nonce: input.nonce,
    resource: input.resource,
    checkoutSessionId: input.checkout_session_id,
    referenceRevision: input.reference_revision ?? null,
    now: ctx.clock.now(),
  });
  if (reserved !== true) throw refusal(reserved, input);
  return id;
}

/**
 * Frees a reservation that settled nothing (refused or unverifiable before settling, or the content
 * was not available), so the payer may present the same signed payment again. Never after a
 * settlement was attempted: recordSettled and recordUnsettled keep those. A failure is logged, never answered: the
 * client's answer is already decided. Answers whether this call freed it.
 */
export async function releasePayment(ctx: LedgerContext, paymentId: string): Promise<boolean> {
  try {
    const released = await deleteReservation(ctx.sql, paymentId);
    // Only the call that freed it counts: a repeated release is not a second outcome.
    if (released) ctx.services.metrics?.paymentOutcome('released');
    return released;
  } catch (error) {
    ctx.log.error({ err: error, payment_id: paymentId }, 'a reservation could not be released');
    return false;
  }
}

/**
 * The last step of a paid request: `settled` turns the reservation into the receipt (transaction,
 * payer, time); `failed` keeps a settlement the facilitator refused while naming a transaction, and
 * `unknown` one it never said the end of (the payment may have moved), so the same signed payment
 * can never be presented again and the operator can reconcile it from the receipts list; an
 * `unknown` payment keeps holding its checkout session until then. Only a `reserved` payment
 * changes. Throws what the database said; the caller logs it.
 */
async function record(ctx: LedgerContext, paymentId: string, settlement: SettlementRecord): Promise<void> {
  const input = ZSettlementRecord.parse(settlement);
  const row =
    input.outcome === 'settled'
      ? await markSettled(ctx.sql, {
          id: paymentId,
          transaction: input.transaction,
          payer: input.payer,
          now: ctx.clock.now(),
          sellerEvents: ctx.services.seller.eventsBusinessId,
        })
      : await markFailed(ctx.sql, {
          id: paymentId,
          state: input.outcome,
          failure: input.failure,
          transaction: input.outcome === 'failed' ? input.transaction : null,
          sellerEvents: ctx.services.seller.eventsBusinessId,
        });
  if (!row) ctx.log.warn({ payment_id: paymentId }, 'a settlement was recorded for a payment no longer reserved');
  // Counted once per payment: a second record of the same payment changed nothing.
  else ctx.services.metrics?.paymentOutcome(input.outcome);
}

/** Stores the receipt. The payment is settled whatever happens here, so a failure is logged and the content still delivered. */
export async function recordSettled(
  ctx: LedgerContext,
  paymentId: string,
  settled: { transaction: string; payer: string },
): Promise<void> {
  await record(ctx, paymentId, { outcome: 'settled', ...settled }).catch((error: unknown) =>
    ctx.log.error(
      { err: error, payment_id: paymentId, transaction: settled.transaction },
      'a settled payment could not be recorded',
    ),
  );
}

/**
 * Keeps a settlement that did not deliver: `failed` (refused, with a transaction) or `unknown` (no
 * word from the facilitator; the payment keeps its checkout session unpayable until reconciled).
 */
export async function recordUnsettled(
  ctx: LedgerContext,
  paymentId: string,
  unsettled: { outcome: 'failed'; failure: string; transaction: string } | { outcome: 'unknown'; failure: string },
): Promise<void> {
  await record(ctx, paymentId, { ...unsettled, failure: storableText(unsettled.failure, 1000) }).catch(
    (error: unknown) =>
      ctx.log.error({ err: error, payment_id: paymentId }, 'a failed settlement could not be recorded'),
  );
}
