import type { Context } from '../../context.ts';
import { AppError } from '../../errors/index.ts';
import { CHECKOUT_CURRENCY, REFERENCE_ITEM } from '../ucp/catalogue.ts';
import { markSessionPaid, payableSession } from '../ucp/payability.ts';
import { completeWithSellerEvent } from './seller-events.ts';

/** The UCP side of a purchase: the checkout session a handoff URL (`?checkout_session=`) pays. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the paid reference costs, as a checkout session prices it: 100 minor units of USD. */
const PAID_REFERENCE_PRICE = { amountMinor: 100, currency: 'USD' } as const;

type HandoffContext = Pick<Context, 'em' | 'sql' | 'clock' | 'log' | 'services' | 'urls'>;

/**
 * The checkout session named by `?checkout_session=` when there is one: it must be payable (404,
 * 409 CHECKOUT_SESSION_COMPLETED or CHECKOUT_SESSION_PAYMENT_IN_PROGRESS, or 410
 * CHECKOUT_SESSION_EXPIRED otherwise) and priced as the paid reference is. Undefined without the
 * parameter. A check before asking for a payment: the payment's reservation is what holds the session.
 */
export async function payableCheckout(
  ctx: HandoffContext,
  value: string | string[] | undefined,
): Promise<string | undefined> {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !UUID.test(value)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Invalid parameter "checkout_session": expected one uuid of a checkout session (the handoff URL carries it).',
      { details: [{ parameter: 'checkout_session', code: 'invalid_format', message: 'expected a uuid' }] },
    );
  }
  const session = await payableSession(ctx.sql, value, ctx.clock.now());
  // A session priced otherwise would sell the reference for another amount: a bug, never a sale.
  if (
    REFERENCE_ITEM.price !== PAID_REFERENCE_PRICE.amountMinor ||
    CHECKOUT_CURRENCY !== PAID_REFERENCE_PRICE.currency
  ) {
    throw new Error(`checkout session ${value} is priced ${REFERENCE_ITEM.price} ${CHECKOUT_CURRENCY}, not 100 USD`);
  }
  return session.id;
}

/**
 * Completes the checkout session a settled payment paid, with the payment's receipt. The reservation
 * held the session for this payment, so nothing should refuse this; if it fails, the receipt names
 * the session and the session reads complete_in_progress until it is reconciled (logged, not answered).
 */
export async function completeCheckout(
  ctx: HandoffContext,
  paid: { sessionId: string; paymentId: string; transaction: string; payer: string },
): Promise<void> {
  try {
    await completeWithSellerEvent(ctx, (sql) =>
      markSessionPaid(sql, {
        id: paid.sessionId,
        paymentId: paid.paymentId,
        transaction: paid.transaction,
        payer: paid.payer,
        now: ctx.clock.now(),
      }),
    );
  } catch (error) {
    ctx.log.error(
      { err: error, payment_id: paid.paymentId, checkout_session_id: paid.sessionId },
      'a settled payment could not complete its checkout session',
    );
  }
}
