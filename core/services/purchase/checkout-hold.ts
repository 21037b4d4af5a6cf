import { AppError } from '../../errors/index.ts';
import { lockedSessionStatus } from '../ucp/checkout-sessions.query.ts';
import { canceledSession } from '../ucp/payability.ts';
import { releasePayment, type LedgerContext } from './payment-ledger.ts';

/**
 * After a payment was reserved for a checkout session, and before the facilitator is asked anything:
 * the session must still be payable. A cancel (UCP Cancel Checkout) that committed between the
 * purchase's payability check and the reservation canceled it; the read waits for a cancel in
 * progress (a share lock on the session row), so of a cancel and a payment racing exactly one wins:
 * the cancel sees the reservation and answers 409, or this sees the cancel, releases the
 * reservation (nothing verified or charged) and answers 409 CHECKOUT_SESSION_CANCELED.
 */
export async function confirmCheckoutHeld(
  ctx: LedgerContext,
  checkoutSessionId: string | undefined,
  paymentId: string,
): Promise<void> {
  if (checkoutSessionId === undefined) return;
  const status = await lockedSessionStatus(ctx.sql, checkoutSessionId);
  if (status === 'ready_for_complete') return;
  await releasePayment(ctx, paymentId);
  if (status === 'canceled') throw canceledSession(checkoutSessionId);
  throw new AppError('RESOURCE_NOT_FOUND', `No checkout session "${checkoutSessionId}".`);
}
