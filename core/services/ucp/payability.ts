import { AppError } from '../../errors/index.ts';
import type { SqlSource } from '../sql/query.ts';
import {
  completeCheckoutSession,
  findCheckoutSession,
  type CheckoutPayment,
  type CheckoutSessionRow,
} from './checkout-sessions.query.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session with this id; any other string (not a uuid) is an unknown id, answered without a query. */
export async function findSession(source: SqlSource, id: string): Promise<CheckoutSessionRow | undefined> {
  return UUID.test(id) ? findCheckoutSession(source, id) : undefined;
}

function notFound(id: string): AppError {
  return new AppError('RESOURCE_NOT_FOUND', `No checkout session "${id.slice(0, 100)}".`);
}

function expired(row: CheckoutSessionRow): AppError {
  return new AppError(
    'CHECKOUT_SESSION_EXPIRED',
    `Checkout session ${row.id} expired at ${new Date(row.expires_at).toISOString()} and can no longer be paid.`,
  );
}

function alreadyCompleted(row: CheckoutSessionRow): AppError {
  return new AppError('CHECKOUT_SESSION_COMPLETED', `Checkout session ${row.id} is already paid.`);
}

/** A session its platform canceled (UCP Cancel Checkout): 409, whatever is asked of it. */
export function canceledSession(id: string): AppError {
  return new AppError('CHECKOUT_SESSION_CANCELED', `Checkout session ${id} was canceled.`);
}

function paymentInProgress(row: CheckoutSessionRow): AppError {
  const why =
    row.live_payment === 'settlement_pending'
      ? 'a payment for it was sent for settlement and its outcome is not known yet'
      : 'a payment for it is being verified or settled';
  return new AppError(
    'CHECKOUT_SESSION_PAYMENT_IN_PROGRESS',
    `Checkout session ${row.id} cannot be paid now: ${why}. Do not pay again; read the session for its status.`,
  );
}

function isExpired(row: CheckoutSessionRow, now: Date): boolean {
  return new Date(row.expires_at).getTime() <= now.getTime();
}

/**
 * The session if a payment may be taken for it now: it exists, is not paid or canceled, no payment
 * holds it, and it has not expired (RESOURCE_NOT_FOUND, CHECKOUT_SESSION_COMPLETED,
 * CHECKOUT_SESSION_CANCELED, CHECKOUT_SESSION_PAYMENT_IN_PROGRESS, CHECKOUT_SESSION_EXPIRED otherwise). A check before asking
 * for a payment only: what decides is the payment's reservation (purchase/payment-ledger.ts), which the
 * database refuses for a session that already has a live payment.
 */
export async function payableSession(source: SqlSource, id: string, now: Date): Promise<CheckoutSessionRow> {
  const row = await findSession(source, id);
  if (!row) throw notFound(id);
  throwUnlessChangeable(row, now);
  return row;
}

/**
 * Throws why a session cannot be paid, updated or canceled now: completed (409), canceled (409), a
 * payment holding it (409), expired (410). Returns for a session that can.
 */
export function throwUnlessChangeable(row: CheckoutSessionRow, now: Date): void {
  if (row.status === 'completed' || row.live_payment === 'settled') throw alreadyCompleted(row);
  if (row.status === 'canceled') throw canceledSession(row.id);
  if (row.live_payment) throw paymentInProgress(row);
  if (isExpired(row, now)) throw expired(row);
}

/**
 * Records the payment that completes a session. One conditional UPDATE decides (see
 * completeCheckoutSession): of two payments for one session exactly one completes it, the other gets
 * CHECKOUT_SESSION_COMPLETED. Recording the same payment again answers the session as recorded
 * (`recorded: false`), so a retry after a lost answer is harmless. A session that expired while its
 * payment settled is completed all the same (the payment was reserved in time), and a payment that
 * already completed another session is PAYMENT_ALREADY_USED.
 */
export async function markSessionPaid(
  source: SqlSource,
  payment: CheckoutPayment,
): Promise<{ row: CheckoutSessionRow; recorded: boolean }> {
  if (!UUID.test(payment.id)) throw notFound(payment.id);
  const completed = await completeCheckoutSession(source, payment);
  if (completed === 'payment_already_used') {
    throw new AppError(
      'PAYMENT_ALREADY_USED',
      `Payment ${payment.paymentId} already completed another checkout session.`,
    );
  }
  if (completed) return { row: completed, recorded: true };
  const row = await findCheckoutSession(source, payment.id);
  if (!row) throw notFound(payment.id);
  if (row.status === 'completed') {
    if (row.payment_id === payment.paymentId) return { row, recorded: false };
    throw alreadyCompleted(row);
  }
  // Unpaid, yet the update matched nothing: only a concurrent delete can do that.
  throw new Error(`checkout session ${row.id} could not be completed`);
}
