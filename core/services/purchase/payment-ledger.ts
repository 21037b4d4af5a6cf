import { randomUUID } from 'node:crypto';
import type { Context } from '../../context.ts';
import { AppError, validationErrorMessage } from '../../errors/index.ts';
import {
  deleteReservation,
  insertReservation,
  markFailed,
  markPending,
  markSettled,
  type ReservationRefusal,
  type UnfinishedState,
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
    case 'identifier_conflict':
      return new AppError(
        'PAYMENT_IDENTIFIER_CONFLICT',
        `Payer ${input.payer} already used this payment identifier for another payment; it names one payment only.`,
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
    payload: input.payload,
    identifier: input.payment_identifier,
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
 * Every change of a payment's state after its reservation goes through here (the request's settle
 * and the reconciler's), from `from` only: `settled` turns it into the receipt (transaction, payer,
 * time); `failed` keeps a settlement that never will deliver; `settlement_pending` keeps one whose
 * end the facilitator has not told, with what the reconciler sends again, so the same signed payment
 * can never buy twice and any instance can finish it. Answers whether this call changed the row (one
 * conditional UPDATE: of two concurrent recorders, one wins). Throws what the database said.
 */
async function record(
  ctx: LedgerContext,
  paymentId: string,
  from: UnfinishedState,
  settlement: SettlementRecord,
): Promise<boolean> {
  const input = ZSettlementRecord.parse(settlement);
  let row;
  if (input.outcome === 'settled')
    row = await markSettled(ctx.sql, {
      id: paymentId,
      from,
      transaction: input.transaction,
      payer: input.payer,
      now: ctx.clock.now(),
      sellerEvents: ctx.services.seller.eventsBusinessId,
    });
  else if (input.outcome === 'failed')
    row = await markFailed(ctx.sql, {
      id: paymentId,
      from,
      failure: input.failure,
      transaction: input.transaction,
      sellerEvents: ctx.services.seller.eventsBusinessId,
    });
  else
    row = await markPending(ctx.sql, {
      id: paymentId,
      failure: input.failure,
      requirements: input.requirements,
      validBefore: input.valid_before,
      transaction: input.transaction,
      nextAttemptAt: input.next_attempt_at,
    });
  if (!row) {
    ctx.log.warn({ payment_id: paymentId, from }, 'a settlement was recorded for a payment no longer in that state');
    return false;
  }
  // Counted once per payment and state: a second record of the same change changed nothing.
  ctx.services.metrics?.paymentOutcome(input.outcome);
  return true;
}

/**
 * Stores the receipt. The payment is settled whatever happens here, so a failure is logged (and the
 * content still delivered). Answers whether this call recorded it.
 */
export async function recordSettled(
  ctx: LedgerContext,
  paymentId: string,
  settled: { transaction: string; payer: string },
  from: UnfinishedState = 'reserved',
): Promise<boolean> {
  return record(ctx, paymentId, from, { outcome: 'settled', ...settled }).catch((error: unknown) => {
    ctx.log.error(
      { err: error, payment_id: paymentId, transaction: settled.transaction },
      'a settled payment could not be recorded',
    );
    return false;
  });
}

/** What a settlement that did not deliver is recorded as. */
export type Unsettled =
  | { outcome: 'failed'; failure: string; transaction: string | null }
  | {
      outcome: 'settlement_pending';
      failure: string;
      transaction: string | null;
      requirements: Record<string, unknown>;
      validBefore: Date | null;
      nextAttemptAt: Date;
    };

/**
 * Keeps a settlement that did not deliver: `failed` (the facilitator refused it; nothing will be
 * delivered) or `settlement_pending` (no final word yet; the reconciler asks again). Answers whether
 * this call recorded it; a failure is logged.
 */
export async function recordUnsettled(
  ctx: LedgerContext,
  paymentId: string,
  unsettled: Unsettled,
  from: UnfinishedState = 'reserved',
): Promise<boolean> {
  const failure = storableText(unsettled.failure, 1000);
  const settlement: SettlementRecord =
    unsettled.outcome === 'failed'
      ? { ...unsettled, failure }
      : {
          outcome: 'settlement_pending',
          failure,
          transaction: unsettled.transaction,
          requirements: unsettled.requirements,
          valid_before: unsettled.validBefore,
          next_attempt_at: unsettled.nextAttemptAt,
        };
  return record(ctx, paymentId, from, settlement).catch((error: unknown) => {
    ctx.log.error({ err: error, payment_id: paymentId }, 'an unsettled payment could not be recorded');
    return false;
  });
}
