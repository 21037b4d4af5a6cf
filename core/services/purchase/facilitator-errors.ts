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
 * A settlement whose outcome is unknown (the facilitator timed out or failed mid-settle): the
 * payment may have been taken, so it stays reserved (recorded `unknown`) and cannot be presented
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
