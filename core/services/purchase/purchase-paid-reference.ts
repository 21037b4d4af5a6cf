import { AppError, isAppError } from '../../errors/index.ts';
import { readAgentReference } from '../agent/read-agent-reference.ts';
import { sellingTerms, type X402Terms } from '../payments/x402-terms.ts';
import { payableCheckout } from './checkout-handoff.ts';
import { confirmCheckoutHeld } from './checkout-hold.ts';
import { facilitatorError } from './facilitator-errors.ts';
import type { PaymentFacilitator, PaymentServer } from './facilitator-port.ts';
import { payReserved } from './pay-reserved.ts';
import { signInChallenge } from './sign-in-challenge.ts';
import { signInReread } from './sign-in-reread.ts';
import { reservePayment } from './payment-ledger.ts';
import { checkedIdentifier } from './payment-identifier.ts';
import { presentedAgain } from './presented-again.ts';
import { decodePresentedPayload, storablePayload } from './presented-payload.ts';
import {
  paymentRequired,
  type Purchase,
  type PurchaseAnswer,
  type PurchaseContext,
  type PurchaseRequest,
} from './purchase.ts';

/** A checkout session's refusals that may be this very payment's own doing (it paid or holds the session). */
const SESSION_HELD = new Set(['CHECKOUT_SESSION_COMPLETED', 'CHECKOUT_SESSION_PAYMENT_IN_PROGRESS']);

/** The resource server for the terms, or why not as the client's answer (the facilitator's start asks for its supported kinds). */
async function openServer(
  ctx: PurchaseContext,
  facilitator: PaymentFacilitator,
  terms: X402Terms,
): Promise<PaymentServer> {
  const opened = await facilitator.open(terms);
  if (opened.kind === 'open') return opened.server;
  ctx.log.warn({ err: opened.error }, 'the x402 resource server could not start');
  if (opened.fault) throw facilitatorError(opened.fault, opened.error, ctx.requestId, opened.retryAfterSeconds);
  if (opened.unsupported) {
    throw new AppError(
      'PAYMENT_NOT_CONFIGURED',
      `The paid reference is not sold on this deployment: its payment facilitator does not support exact payments on ${terms.accepts.network}.`,
      { cause: opened.error },
    );
  }
  throw opened.error;
}

/**
 * The purchase of the paid reference (x402 version 2, the `exact` EVM scheme) over the facilitator
 * port. The order, and why:
 * 1. the terms (503 PAYMENT_NOT_CONFIGURED without a wallet or a facilitator);
 * 2. the checkout session of a UCP handoff, which must be payable (unless this very signed payment
 *    paid or holds it: then its stored answer, presented-again.ts);
 * 3. the resource server's start; then a malformed PAYMENT-SIGNATURE is 400 PAYMENT_INVALID and none is the 402;
 * 4. a presented payment spends the client's agent budget (429 beyond it), then is reserved, with its
 *    checkout session, BEFORE the facilitator is asked anything, so of concurrent copies of one signed
 *    payment exactly one goes on (the others: its stored outcome when the signature is the same,
 *    presented-again.ts; 402 PAYMENT_ALREADY_USED otherwise), and of concurrent different payments
 *    for one session exactly one goes on (the others: 409); a payment-identifier is one payment per
 *    payer (another payment under it: 409 PAYMENT_IDENTIFIER_CONFLICT);
 * 5. verify, read the reference, settle, record or release, complete the session (pay-reserved.ts).
 * Nothing is counted, stored or asked of the facilitator for an unpaid or malformed request.
 */
export async function purchasePaidReference(ctx: PurchaseContext, input: PurchaseRequest): Promise<PurchaseAnswer> {
  const terms = sellingTerms(ctx);
  const facilitator = ctx.services.paymentFacilitator;
  if (!facilitator) throw new AppError('PAYMENT_NOT_CONFIGURED', 'PAYMENT_FACILITATOR_URL is not set.');
  const { payment } = input;
  let checkoutSessionId: string | undefined;
  try {
    checkoutSessionId = await payableCheckout(ctx, input.checkout_session);
  } catch (error) {
    // A session paid or held by THIS signed payment: its stored answer (the buyer made whole).
    if (payment.kind !== 'present' || !isAppError(error) || !SESSION_HELD.has(error.appCode)) throw error;
    const server = await openServer(ctx, facilitator, terms);
    await ctx.admitAgentRequest();
    const answer = await presentedAgain({ ctx, terms, server, request: input.request }, payment);
    if (answer === undefined) throw error;
    return answer;
  }
  const server = await openServer(ctx, facilitator, terms);
  const signIn = await signInChallenge(ctx, input.request.url);
  const purchase: Purchase = { ctx, terms, server, request: { ...input.request, signIn } };
  if (payment.kind === 'malformed')
    throw new AppError('PAYMENT_INVALID', `Invalid PAYMENT-SIGNATURE: ${payment.reason}.`);
  let signInRefusal = '';
  if (input.sign_in !== undefined) {
    // A sign-in costs a database write and maybe an RPC call: it spends the client's agent budget like a paid attempt.
    await ctx.admitAgentRequest();
    const signedIn = await signInReread(purchase, input.sign_in, checkoutSessionId);
    if (signedIn.kind === 'granted') return signedIn.answer;
    signInRefusal = `Sign-in refused (${signedIn.reason}). `;
  }
  if (payment.kind === 'absent') {
    return paymentRequired(
      purchase,
      'PAYMENT_REQUIRED',
      `${signInRefusal}Payment required: 1 USD, with x402 version 2 (see the PAYMENT-REQUIRED header).`,
    );
  }
  const identifier = checkedIdentifier(payment, terms.paymentIdentifier.required);
  // A paid attempt costs a database write and facilitator calls: it spends the client's agent budget first (once per request).
  if (input.sign_in === undefined) await ctx.admitAgentRequest();
  const { authorization } = payment;
  let paymentId: string;
  try {
    paymentId = await reservePayment(ctx, {
      network: terms.accepts.network,
      payer: authorization.from,
      pay_to: authorization.to,
      asset: terms.accepts.asset,
      amount: authorization.value,
      nonce: authorization.nonce,
      resource: input.request.url,
      checkout_session_id: checkoutSessionId ?? null,
      reference_revision: readAgentReference(ctx).revision,
      payload: storablePayload(decodePresentedPayload(payment.header)),
      payment_identifier: identifier,
    });
  } catch (error) {
    if (!isAppError(error) || error.appCode !== 'PAYMENT_ALREADY_USED') throw error;
    return (
      (await presentedAgain(purchase, payment)) ?? paymentRequired(purchase, 'PAYMENT_ALREADY_USED', error.message)
    );
  }
  await confirmCheckoutHeld(ctx, checkoutSessionId, paymentId);
  return payReserved(purchase, { paymentId, payment, checkoutSessionId });
}
