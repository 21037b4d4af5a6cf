import { errorMessage } from '../../core/errors/index.ts';
import type { PurchasePaidReferenceOutput } from '../../core/routers/payments/purchase-paid-reference.schema.ts';
import { noStore } from '../http/no-store.ts';
import type { KoaCtx } from '../http/state.ts';

/**
 * Writes a 402: the PAYMENT-REQUIRED header (the x402 v2 terms) and, as the body, an ErrorMessage
 * (PAYMENT_REQUIRED, PAYMENT_REJECTED or PAYMENT_ALREADY_USED) with the same terms readable (spec
 * 4.6: intent, amount, currency, method, the networks, where the terms are). Never stored by a cache.
 */
export function writePaymentRequired(
  ctx: KoaCtx,
  answer: Extract<PurchasePaidReferenceOutput, { outcome: 'payment_required' }>,
): void {
  ctx.status = 402;
  if (answer.payment_required !== undefined) ctx.set('PAYMENT-REQUIRED', answer.payment_required);
  if (answer.headers) ctx.set(answer.headers);
  noStore(ctx);
  ctx.body = { ...errorMessage(answer.code, answer.message), ...answer.readable };
}
