import { readAgentReference } from '../agent/read-agent-reference.ts';
import { findPresented } from '../payments/payments-received.query.ts';
import { settlementPendingError } from './facilitator-errors.ts';
import { decodePresentedPayload, signatureOf } from './presented-payload.ts';
import { paymentRequired, type PresentedPayment, type Purchase, type PurchaseAnswer } from './purchase.ts';

/**
 * A signed payment presented again (its reservation refused as already used): the buyer is made
 * whole. Only when the stored payload's signature equals the presented one exactly (the same signed
 * payment, not merely the same nonce) does the stored outcome answer: `settled` -> 200 with the
 * current reference and PAYMENT-RESPONSE rebuilt from the receipt; `reserved` or
 * `settlement_pending` -> 503 PAYMENT_SETTLEMENT_PENDING with Retry-After (the same answer as the
 * first unknown outcome); `failed` -> 402 saying nothing was charged, to sign a new payment.
 * Undefined when it is not the same signed payment (the caller's refusal stands). No facilitator
 * call: the answer is the ledger's.
 */
export async function presentedAgain(
  purchase: Purchase,
  payment: Extract<PresentedPayment, { kind: 'present' }>,
): Promise<PurchaseAnswer | undefined> {
  const { ctx, terms } = purchase;
  const row = await findPresented(ctx.sql, {
    network: terms.accepts.network,
    payer: payment.authorization.from.toLowerCase(),
    nonce: payment.authorization.nonce.toLowerCase(),
  });
  const presented = signatureOf(decodePresentedPayload(payment.header));
  if (!row || row.signature === null || presented === undefined || row.signature !== presented) return undefined;
  switch (row.state) {
    case 'settled': {
      const reference = readAgentReference(ctx);
      const headers = purchase.server.receiptHeaders({
        transaction: row.transaction!,
        network: row.network,
        payer: row.payer,
      });
      return { outcome: 'paid', resource: reference.resource, content: reference.content, headers };
    }
    case 'reserved':
    case 'settlement_pending': {
      const retryAfter = ctx.services.payments.configured ? ctx.services.payments.terms.pendingRetryAfterSeconds : 30;
      throw settlementPendingError(row.id, retryAfter);
    }
    case 'failed':
      return paymentRequired(
        purchase,
        'PAYMENT_REJECTED',
        `This signed payment (payment ${row.id}) was not settled and nothing was charged: sign a new payment for the terms in PAYMENT-REQUIRED.`,
      );
  }
}
