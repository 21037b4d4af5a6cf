import { readAgentReference } from '../agent/read-agent-reference.ts';
import { completeCheckout } from './checkout-handoff.ts';
import { facilitatorError, settlementPendingError } from './facilitator-errors.ts';
import { recordSettled, recordUnsettled, releasePayment } from './payment-ledger.ts';
import { decodePresentedPayload, validBeforeOf } from './presented-payload.ts';
import { paymentRequired, type PresentedPayment, type Purchase, type PurchaseAnswer } from './purchase.ts';

interface Reserved {
  paymentId: string;
  payment: Extract<PresentedPayment, { kind: 'present' }>;
  checkoutSessionId: string | undefined;
}

/**
 * A reserved payment to its end: verify (refused: 402 PAYMENT_REJECTED with the reason), read the
 * reference, settle; the reservation is released whenever nothing was settled, so the payer may send
 * it again; a settlement whose outcome is unknown keeps it (`settlement_pending`, with what the
 * reconciler sends again), and with it the session unpayable. The reference is delivered only after a successful settlement, which completes the
 * session the reservation held.
 */
export async function payReserved(purchase: Purchase, reserved: Reserved): Promise<PurchaseAnswer> {
  const { ctx } = purchase;
  const { paymentId, payment, checkoutSessionId } = reserved;
  const verified = await purchase.server.verify(purchase.request, payment.header);
  if (verified.kind === 'failed') {
    await releasePayment(ctx, paymentId);
    ctx.log.warn({ err: verified.error, payment_id: paymentId }, 'payment verification failed at the facilitator');
    throw verified.fault ? facilitatorError(verified.fault, verified.error, ctx.requestId) : verified.error;
  }
  if (verified.kind === 'refused') {
    await releasePayment(ctx, paymentId);
    return {
      outcome: 'payment_required',
      code: 'PAYMENT_REJECTED',
      message: `The payment was refused: ${verified.reason ?? 'it does not match the terms'}. Nothing was charged.`,
      payment_required: verified.paymentRequired,
      readable: purchase.terms.readable,
    };
  }

  let reference;
  try {
    reference = readAgentReference(ctx);
  } catch (error) {
    await releasePayment(ctx, paymentId);
    throw error;
  }

  const outcome = await verified.settle();
  if (outcome.kind === 'settled') {
    const payer = outcome.payer ?? payment.authorization.from;
    await recordSettled(ctx, paymentId, { transaction: outcome.transaction, payer });
    if (checkoutSessionId !== undefined)
      await completeCheckout(ctx, { sessionId: checkoutSessionId, paymentId, transaction: outcome.transaction, payer });
    return { outcome: 'paid', resource: reference.resource, content: reference.content, headers: outcome.headers };
  }
  if (outcome.kind === 'refused') {
    if (outcome.transaction)
      await recordUnsettled(ctx, paymentId, {
        outcome: 'failed',
        failure: `settle refused: ${outcome.reason}`,
        transaction: outcome.transaction,
      });
    else await releasePayment(ctx, paymentId);
    return paymentRequired(
      purchase,
      'PAYMENT_REJECTED',
      `The payment was not settled: ${outcome.reason}. Nothing was delivered.`,
      outcome.headers,
    );
  }
  if (outcome.kind === 'failed') {
    ctx.log.error({ err: outcome.error, payment_id: paymentId }, 'settlement failed at the facilitator');
    if (outcome.fault && !outcome.fault.outcomeUnknown) {
      await releasePayment(ctx, paymentId);
      throw facilitatorError(outcome.fault, outcome.error, ctx.requestId);
    }
  }
  const terms = ctx.services.payments.configured ? ctx.services.payments.terms : undefined;
  const retryAfter = terms?.pendingRetryAfterSeconds ?? 30;
  await recordUnsettled(ctx, paymentId, {
    outcome: 'settlement_pending',
    failure:
      outcome.kind === 'pending'
        ? `settlement pending: ${outcome.reason}`
        : `settle outcome unknown: ${(outcome.error as Error).message}`,
    transaction: outcome.kind === 'pending' ? (outcome.transaction ?? null) : null,
    requirements: verified.requirements,
    validBefore: validBeforeOf(decodePresentedPayload(payment.header)),
    // Due at once: the reconciler's next pass asks again.
    nextAttemptAt: ctx.clock.now(),
  });
  throw settlementPendingError(paymentId, retryAfter, outcome.kind === 'failed' ? outcome.error : undefined);
}
