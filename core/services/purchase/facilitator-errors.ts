import { AppError } from '../../errors/index.ts';
import type { FacilitatorFault } from './facilitator-port.ts';

/** How long a client waits before trying again after the facilitator was unreachable. */
const FACILITATOR_RETRY_AFTER_SECONDS = 5;

/**
 * A facilitator that could not answer about the payment, before anything was settled: 503
 * PAYMENT_FACILITATOR_UNAVAILABLE with Retry-After (unreachable, timed out, busy) or 502
 * PAYMENT_FACILITATOR_ERROR. `cause` is the failure as thrown, for the log.
 */
export function facilitatorError(
  fault: FacilitatorFault,
  cause: unknown,
  requestId: string,
  retryAfterSeconds = FACILITATOR_RETRY_AFTER_SECONDS,
): AppError {
  const nothingTaken = 'Nothing was charged or delivered; send the request again with the same payment';
  if (fault.kind === 'unavailable') {
    return new AppError(
      'PAYMENT_FACILITATOR_UNAVAILABLE',
      `The payment facilitator did not answer (${fault.operation}). ${nothingTaken} after ${retryAfterSeconds} seconds.`,
      { headers: { 'Retry-After': String(retryAfterSeconds) }, cause },
    );
  }
  return new AppError(
    'PAYMENT_FACILITATOR_ERROR',
    `The payment facilitator failed (${fault.operation}; request id ${requestId}). ${nothingTaken} shortly.`,
    { cause },
  );
}

/**
 * A settlement sent to the facilitator whose end is not known yet (it timed out, failed mid-settle,
 * or answered `settlement_pending`): the payment may have been taken, so it is kept
 * (`settlement_pending`) and the reconciler asks again. 503 PAYMENT_SETTLEMENT_PENDING with
 * Retry-After, never a 402 (an x402 client answers a 402 by signing a second payment): the client
 * sends the same signed payment again later, and gets the content once it is settled.
 */
export function settlementPendingError(paymentId: string, retryAfterSeconds: number, cause?: unknown): AppError {
  return new AppError(
    'PAYMENT_SETTLEMENT_PENDING',
    `The settlement of this payment (payment ${paymentId}) is not confirmed yet: it may have been taken. Do not sign ` +
      `a new payment; send the same request with the same PAYMENT-SIGNATURE again after ${retryAfterSeconds} seconds.`,
    { headers: { 'Retry-After': String(retryAfterSeconds) }, cause },
  );
}
