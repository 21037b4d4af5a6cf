import { decodePaymentRequiredHeader, type HTTPResponseInstructions } from '@x402/core/http';
import { AppError, errorMessage, type ErrorCode } from '../../core/errors/index.ts';
import type { PaymentTermsAnswer } from '../../core/routers/payments/get-payment-terms.schema.ts';
import { noStore } from '../http/no-store.ts';
import type { KoaCtx } from '../http/state.ts';
import { FacilitatorFailure } from './facilitator-client.ts';

/** How long a client waits before trying again after the facilitator was unreachable. */
const FACILITATOR_RETRY_AFTER_SECONDS = 5;

/** The `error` the library wrote into a 402's PAYMENT-REQUIRED (the facilitator's or its own reason). */
export function paymentRequiredError(instructions: HTTPResponseInstructions): string | undefined {
  const header = instructions.headers['PAYMENT-REQUIRED'];
  if (header === undefined) return undefined;
  try {
    return decodePaymentRequiredHeader(header).error;
  } catch {
    return undefined;
  }
}

/**
 * Writes a 402: the library's PAYMENT-REQUIRED header (the x402 v2 terms) and, as the body, an
 * ErrorMessage (PAYMENT_REQUIRED, PAYMENT_REJECTED or PAYMENT_ALREADY_USED) with the same terms
 * readable (spec 4.6: intent, amount, currency, method, the networks, where the terms are). Never stored by a cache.
 */
export function writePaymentRequired(
  ctx: KoaCtx,
  instructions: HTTPResponseInstructions,
  answer: {
    code: ErrorCode;
    message: string;
    readable: PaymentTermsAnswer['readable'];
    headers?: Record<string, string>;
  },
): void {
  ctx.status = 402;
  const paymentRequired = instructions.headers['PAYMENT-REQUIRED'];
  if (paymentRequired !== undefined) ctx.set('PAYMENT-REQUIRED', paymentRequired);
  if (answer.headers) ctx.set(answer.headers);
  noStore(ctx);
  ctx.body = { ...errorMessage(answer.code, answer.message), ...answer.readable };
}

/**
 * A facilitator that could not answer about the payment, before anything was settled: 503
 * PAYMENT_FACILITATOR_UNAVAILABLE with Retry-After (unreachable, timed out, busy) or 502
 * PAYMENT_FACILITATOR_ERROR. Anything else is rethrown as it is (a bug answers 500).
 */
export function facilitatorError(
  error: unknown,
  requestId: string,
  retryAfterSeconds = FACILITATOR_RETRY_AFTER_SECONDS,
) {
  const failure = error instanceof FacilitatorFailure ? error : (error as { cause?: unknown }).cause;
  if (!(failure instanceof FacilitatorFailure)) return error;
  const nothingTaken = 'Nothing was charged or delivered; send the request again with the same payment';
  if (failure.kind === 'unavailable') {
    return new AppError(
      'PAYMENT_FACILITATOR_UNAVAILABLE',
      `The payment facilitator did not answer (${failure.operation}). ${nothingTaken} after ${retryAfterSeconds} seconds.`,
      { headers: { 'Retry-After': String(retryAfterSeconds) }, cause: error },
    );
  }
  return new AppError(
    'PAYMENT_FACILITATOR_ERROR',
    `The payment facilitator failed (${failure.operation}; request id ${requestId}). ${nothingTaken} shortly.`,
    { cause: error },
  );
}

/**
 * A settlement whose outcome is unknown (the facilitator timed out or failed mid-settle): the
 * payment may have been taken, so it stays reserved (recorded `failed`) and cannot be presented
 * again; the operator reconciles it from the receipts. 502, no content.
 */
export function settlementUnknownError(error: unknown, paymentId: string, requestId: string): AppError {
  return new AppError(
    'PAYMENT_FACILITATOR_ERROR',
    `The payment facilitator did not confirm the settlement (request id ${requestId}, payment ${paymentId}): the ` +
      'payment may have been taken, so this signed payment stays used and must not be sent again. Nothing was ' +
      'delivered; the operator reconciles the payment from its receipts.',
    { cause: error },
  );
}
